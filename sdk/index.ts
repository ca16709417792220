export type { ResourceTimeouts, TagMap } from "./common";
export * from "./kinds";
export * from "./lookups";
export type { ArgsOf, InputOf, KindClass, KindResource, OutputsOfKind } from "./resource";

import type { FixedAddress } from "../provider/families/instances/instanceRules";
import type { InputOf } from "./resource";
/** A private address fixed on one of an instance's networks (`ipToNetworkList`). */
export type FixedAddressArgs = { [K in keyof FixedAddress]: InputOf<FixedAddress[K]> };
