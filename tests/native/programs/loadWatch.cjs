// Preloaded into the plugin (NODE_OPTIONS=--require) by tests/native/plugin.test.ts: writes a line to stderr when
// the plugin writes its port, and one when @pulumi/pulumi's index (the whole SDK, runtime and automation with it)
// is loaded, so the test sees which came first.
"use strict";
const Module = require("node:module");
const path = require("node:path");

const index = path.join("@pulumi", "pulumi", "index.js");
const load = Module._load;
let seen = false;
Module._load = function (request, parent, isMain) {
  const out = load.apply(this, [request, parent, isMain]);
  if (!seen && request === "@pulumi/pulumi") {
    let file = "";
    try {
      file = Module._resolveFilename(request, parent, isMain);
    } catch {}
    if (file.endsWith(index)) {
      seen = true;
      process.stderr.write("loadWatch: @pulumi/pulumi loaded\n");
    }
  }
  return out;
};
const write = process.stdout.write.bind(process.stdout);
let first = true;
process.stdout.write = (chunk, ...rest) => {
  if (first) process.stderr.write("loadWatch: port written\n");
  first = false;
  return write(chunk, ...rest);
};
