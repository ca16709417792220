// The one call each class of sdk/native/kinds.ts is made with, so the generated file states a kind's class in one
// short line whatever its name's length.

import { kinds } from "../../provider/kinds";
import type * as dynamic from "../kinds";
import { resourceClass } from "../resource";

/** A kind's name: a key of the registry, and so of the classes sdk/kinds.ts generates from it. */
type KindName = keyof typeof kinds & keyof typeof dynamic;

/**
 * The class of kind `name` registered through the pulumi-resource-cim plugin (`cim:index:<name>`), typed as the
 * dynamic SDK's class of that name (`<name>Class` of sdk/kinds.ts), so a program's code fits either path.
 */
export function nativeClass<N extends KindName>(name: N): (typeof dynamic)[N] {
  // The same call as sdk/kinds.ts's `resourceClass(kinds.<name>)`, whose constants check that it makes that class
  // type; here, for any N, TypeScript cannot relate the two, hence the cast.
  return resourceClass(kinds[name], "native") as unknown as (typeof dynamic)[N];
}
