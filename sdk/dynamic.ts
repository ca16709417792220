import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";

/** Whether this SDK is an installed package (in node_modules) rather than a source checkout. */
const installed = __dirname.split(path.sep).includes("node_modules");

/**
 * The module the serialized provider loads at call time.
 *
 * Pulumi serializes a dynamic provider into state and rebuilds it in the provider process. Packages in
 * node_modules are captured as `require("pkg")`, local code by value. So the serialized part is a thin
 * shim that names the implementation by module id and requires it on every call: no client, agent,
 * token or class instance is ever captured. Installed from npm, the id is the package's own export, so
 * state keeps working after a reinstall or a move; from a source checkout it is the built folder.
 */
export const implementationModule: string = installed
  ? "pulumi-cim/provider"
  : path.resolve(__dirname, "..", "provider");

/**
 * The serialized provider of one resource kind: the `__provider` text Pulumi's dynamic-provider host loads as a
 * module and calls `exports.handler()` on (once per text and process) to get the kind's provider.
 *
 * Installed from npm it names the kind's shim module, `require("pulumi-cim/shims/<Kind>")`: the module the
 * build writes per kind (`dist/provider/shims/<Kind>.js`), whose `module.exports` is the kind's shim, and the
 * `require` state kept before. From a source checkout it calls this module's `makeShim` by path. Installed,
 * the text is 59 to 67 characters; Pulumi's own closure serializer (`pulumi.dynamic.Resource`) wraps the same
 * `require` in about 220 more, and state keeps the text twice per resource (inputs and outputs), in every
 * checkpoint the engine writes: 440 characters more of a 2,620-character instance, each step, for a whole
 * stack.
 */
export function serializedProvider(kind: string): string {
  return installed
    ? `exports.handler = () => require("pulumi-cim/shims/${kind}");`
    : `exports.handler = () => require(${JSON.stringify(__filename)}).makeShim(${JSON.stringify(kind)});`;
}

/**
 * The shim of one kind: each method requires the implementation at call time, so a provider process loads
 * the implementation once, for whichever kinds its stack has.
 */
export function makeShim(kind: string): pulumi.dynamic.ResourceProvider {
  const mod = implementationModule;
  return {
    configure: (req) => require(mod).configure(req),
    check: (olds, news) => require(mod).providerFor(kind).check(olds, news),
    diff: (id, olds, news) => require(mod).providerFor(kind).diff(id, olds, news),
    create: (inputs) => require(mod).providerFor(kind).create(inputs),
    read: (id, props) => require(mod).providerFor(kind).read(id, props),
    update: (id, olds, news) => require(mod).providerFor(kind).update(id, olds, news),
    delete: (id, props) => require(mod).providerFor(kind).delete(id, props),
  };
}

/** The text of a kind's shim module (the build writes one per kind of the registry). */
export function shimModuleText(kind: string): string {
  return [
    '"use strict";',
    `// Written by the build from the registry of kinds: the provider of cim.${kind}, which state names as`,
    `// require("pulumi-cim/shims/${kind}") when pulumi-cim is installed.`,
    `module.exports = require("../../sdk/dynamic").makeShim(${JSON.stringify(kind)});`,
    "",
  ].join("\n");
}
