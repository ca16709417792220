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

const shims = new Map<string, pulumi.dynamic.ResourceProvider>();

/**
 * The serializable provider shim of one resource kind, one object per kind: Pulumi serializes a dynamic
 * provider once per object (a WeakMap by identity), so every resource of the kind shares one serialization
 * instead of a closure serialization each. Captures two strings and nothing else.
 */
export function providerShim(kind: string): pulumi.dynamic.ResourceProvider {
  let shim = shims.get(kind);
  if (!shim) {
    shim = makeShim(kind);
    shims.set(kind, shim);
  }
  return shim;
}

function makeShim(kind: string): pulumi.dynamic.ResourceProvider {
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
