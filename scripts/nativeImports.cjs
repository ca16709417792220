// Has the programs under one folder load `pulumi-cim/native` for their own `import … from "pulumi-cim"`, so one
// program runs on either path (the switch a user makes by editing that import): the demo's --native and the
// tests that run an example on the plugin use it.
"use strict";
const { pathToFileURL } = require("node:url");

/** From now on in this process, `pulumi-cim` imported by a module under `dir` is `pulumi-cim/native`. */
exports.answerWithNativeEntry = (dir) => {
  const { registerHooks } = require("node:module");
  if (typeof registerHooks !== "function")
    throw new Error("running an example on the plugin needs Node.js 22.15 or later (module.registerHooks)");
  const under = pathToFileURL(dir).href;
  registerHooks({
    resolve: (specifier, context, next) =>
      next(
        specifier === "pulumi-cim" && context.parentURL?.startsWith(under) ? "pulumi-cim/native" : specifier,
        context,
      ),
  });
};
