// The pulumi-cim policy pack: `pulumi preview --policy-pack <this folder>`. The folder's package.json points
// `main` at the compiled file (dist/policy/index.js); the policies are in policies.ts, documented in README.md.
import { PolicyPack } from "@pulumi/policy";
import { withConfigChecked } from "./configKeys";
import { multiRegionPolicies } from "./multiRegion";
import { PACK_NAME, policies } from "./policies";

new PolicyPack(PACK_NAME, {
  description: "Security and governance rules for pulumi-cim programs (instances, volumes, VPCs, networks).",
  policies: [...policies, ...multiRegionPolicies].map(withConfigChecked),
});
