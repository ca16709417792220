// A policy's configuration may hold only the settings its configSchema declares (and enforcementLevel, which the
// policy library takes out). The CLI passes on keys no schema declares without a word, so a misspelt setting
// (`requiredTag` for `requiredTags`) would leave the policy at its default: the guard a team configured would be
// off, and nothing would say so. Every policy of the pack is wrapped so that such a key fails the preview
// instead, naming the policy, the key, the setting it is nearest to and the settings there are.
import type { Policy, ResourceValidationPolicy, StackValidationPolicy } from "@pulumi/policy";
import { nearest } from "../provider/lifecycle/check";

type Args = { getConfig<T extends object>(): T };

/** The problem with a policy's configuration, or undefined when every key is one of its settings. */
export function configProblem(policy: Policy, given: object): string | undefined {
  const settings = Object.keys(policy.configSchema?.properties ?? {});
  const unknown = Object.keys(given ?? {}).filter((k) => !settings.includes(k));
  if (unknown.length === 0) return undefined;
  const each = unknown.map((k) => {
    const near = nearest(k, settings);
    return `${k} is not one of its settings${near ? ` (did you mean ${near}?)` : ""}`;
  });
  const takes = settings.length
    ? `it takes ${settings.join(", ")} and enforcementLevel`
    : "it takes only enforcementLevel";
  return `policy ${policy.name}, in the policy pack's configuration: ${each.join("; ")}; ${takes}. Correct the configuration file given to --policy-pack-config.`;
}

/** `policy`, failing when its configuration holds a key it does not declare. */
export function withConfigChecked<P extends ResourceValidationPolicy | StackValidationPolicy>(policy: P): P {
  const check = (args: Args) => {
    const problem = configProblem(policy, args.getConfig<object>());
    if (problem) throw new Error(problem);
  };
  if ("validateResource" in policy && policy.validateResource) {
    const validate = policy.validateResource;
    // one validation or several: the check runs first either way
    const all = Array.isArray(validate) ? validate : [validate];
    return { ...policy, validateResource: [(args: Args) => check(args), ...all] };
  }
  if ("validateStack" in policy && policy.validateStack) {
    const validate = policy.validateStack;
    return {
      ...policy,
      validateStack: (args, report) => {
        check(args);
        return validate(args, report);
      },
    };
  }
  return policy;
}
