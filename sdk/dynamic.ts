import * as fs from "node:fs";
import * as path from "node:path";
import type * as pulumi from "@pulumi/pulumi";

/**
 * The module the serialized provider loads at call time.
 *
 * Pulumi serializes a dynamic provider into state and rebuilds it in the provider process. Packages in
 * node_modules are captured as `require("pkg")`, local code by value. So the serialized part is a thin
 * shim that names the implementation by module id and requires it on every call: no client, agent,
 * token or class instance is ever captured. Installed from npm, the id is the package's own export, so
 * state keeps working after a reinstall or a move; from a source checkout it is the built folder.
 */
export const implementationModule: string = __dirname.split(path.sep).includes("node_modules")
  ? "pulumi-cim/provider"
  : path.resolve(__dirname, "..", "provider");

/**
 * Where the build writes each kind's shim module (`dist/provider/shims/<Kind>.js`, exported as
 * `pulumi-cim/shims/<Kind>`): a module whose `module.exports` is the kind's shim.
 */
const shimModulesDir: string = path.resolve(__dirname, "..", "provider", "shims");

const shims = new Map<string, pulumi.dynamic.ResourceProvider>();

/**
 * The serializable provider shim of one resource kind, one object per kind: Pulumi serializes a dynamic
 * provider once per object (a WeakMap by identity), so every resource of the kind shares one serialization.
 *
 * The object is the `module.exports` of the kind's shim module when the build made one. Pulumi's closure
 * serializer captures an object that is a module's exports as a `require` of that module when it lies in
 * node_modules: installed from npm, every resource's state then carries `require("pulumi-cim/shims/<Kind>")`
 * (about 300 characters) instead of the shim's functions written out (about 2,400, twice: inputs and outputs),
 * and the engine rewrites each resource's state into every checkpoint. From a source checkout (or TypeScript
 * sources, where no shim module exists) the shim is serialized by value, capturing two strings.
 */
export function providerShim(kind: string): pulumi.dynamic.ResourceProvider {
  let shim = shims.get(kind);
  if (!shim) {
    const file = path.join(shimModulesDir, `${kind}.js`);
    shim = fs.existsSync(file) ? (require(file) as pulumi.dynamic.ResourceProvider) : makeShim(kind);
    shims.set(kind, shim);
  }
  return shim;
}

/** The shim of one kind: each method requires the implementation at call time. Captures two strings. */
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
