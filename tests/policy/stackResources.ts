// What a preview hands a stack policy, built by hand: resources with their props and the engine's property
// dependencies (each resource a property names), and the violations a policy reports on them.
import type { PolicyResource, StackValidationArgs, StackValidationPolicy } from "@pulumi/policy";

/** A resource of `type` whose properties depend on the resources `deps` lists per property. */
export const res = (
  type: string,
  name: string,
  props: Record<string, unknown>,
  deps: Record<string, PolicyResource[]> = {},
) =>
  ({
    type,
    name,
    urn: `urn:pulumi:s::p::${type}::${name}`,
    props,
    propertyDependencies: deps,
    dependencies: Object.values(deps).flat(),
  }) as unknown as PolicyResource;

/** The violations `policy` reports on `resources`, with the urn each is reported on. */
export function violationsOf(
  policy: StackValidationPolicy,
  resources: PolicyResource[],
): { message: string; urn?: string }[] {
  const out: { message: string; urn?: string }[] = [];
  const args = { resources, getConfig: () => ({}) } as unknown as StackValidationArgs;
  policy.validateStack(args, (message, urn) => out.push({ message, urn }));
  return out;
}
