// `import * as cim from "pulumi-cim/native"`: the classes of `pulumi-cim`, with the same names and types, served by
// the pulumi-resource-cim provider plugin instead of Pulumi's dynamic-provider host; and `cim.Provider`, the
// explicit provider only this path has; the lookups, run by the plugin as provider functions.
export type { ResourceTimeouts, TagMap } from "../common";
export type { FixedAddressArgs } from "../index";
export type { ArgsOf, InputOf, KindClass, KindResource, OutputsOfKind } from "../resource";
export * from "./kinds";
export * from "./lookups";
export { Provider, type ProviderArgs } from "./provider";
