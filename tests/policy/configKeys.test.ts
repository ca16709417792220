// A policy's configuration may hold only its declared settings: a misspelt one fails the preview (through the CLI:
// tests/e2e/policy.test.ts) instead of leaving the policy at its default without a word.
import { describe, expect, it } from "vitest";
import { configProblem, withConfigChecked } from "../../policy/configKeys";
import { multiRegionPolicies } from "../../policy/multiRegion";
import { policies, requiredTags } from "../../policy/policies";

describe("policy configuration keys", () => {
  it("a misspelt setting names the policy, the key, the setting it is nearest to and the settings there are", () => {
    expect(configProblem(requiredTags, { requiredTag: ["owner"] })).toBe(
      "policy cim-required-tags, in the policy pack's configuration: requiredTag is not one of its settings (did you mean requiredTags?); it takes requiredTags, resourceTypes and enforcementLevel. Correct the configuration file given to --policy-pack-config.",
    );
    expect(configProblem(requiredTags, { requiredTags: ["owner"] })).toBeUndefined();
    expect(configProblem(requiredTags, {})).toBeUndefined();
  });

  it("a policy without settings takes none", () => {
    const plain = policies.find((p) => !p.configSchema)!;
    expect(configProblem(plain, { ports: [22] })).toContain(
      "ports is not one of its settings; it takes only enforcementLevel.",
    );
  });

  it("every policy of the pack fails on such a key before it looks at a resource or the stack", () => {
    for (const policy of [...policies, ...multiRegionPolicies]) {
      const checked = withConfigChecked(policy) as { validateResource?: unknown; validateStack?: unknown };
      const args = { getConfig: () => ({ bogus: 1 }), props: {}, type: "x", resources: [] };
      const run = () => {
        const v = checked.validateResource ?? checked.validateStack;
        for (const f of Array.isArray(v) ? v : [v])
          (f as (a: unknown, r: () => void) => void)(args, () => {});
      };
      expect(run, policy.name).toThrow(
        `policy ${policy.name}, in the policy pack's configuration: bogus is not one of its settings`,
      );
    }
  });
});
