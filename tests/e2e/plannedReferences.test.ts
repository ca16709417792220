// A first deploy whose mistakes lie between resources the same run makes (a tier outside its new VPC's range, two
// tiers overlapping, two ACL rules of one number in a new list, a tier given the list of another new VPC, a
// load-balancer rule onto a new tier from an address of another new VPC, a cim.Tags on a new instance, a backup
// schedule of a new instance without a backup offering): the ids are unknown at preview, and the TypeScript SDK
// tells check which resource each comes from, so `pulumi preview` refuses each, naming the resource and the field,
// before anything is made. The corrected program deploys, and what the SDK told check is
// kept nowhere in state. Through the CLI, on both paths.
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { PLANNED_REFERENCES } from "../../provider/kinds/define";
import { pluginHome, sourceHome, stackRun } from "../harness";
import { mutating, uniqueStack, useApi } from "./support";

const testApi = useApi();
const program = path.join(__dirname, "programs", "newVpc.cjs");

const MISTAKES: [string, Record<string, string>, RegExp][] = [
  [
    "a tier outside its new VPC's range",
    { "newvpc:webGateway": "10.70.1.1" },
    /resource 'web': property gateway value \{10\.70\.1\.1\} has a problem: vpcId names VPC "shop" \(new in this run\) in .*, which has the range 10\.60\.0\.0\/16: the tier's range 10\.70\.1\.0\/24 \(gateway and netmask\) is not inside it/,
  ],
  [
    "two tiers of the new VPC that overlap",
    { "newvpc:dbGateway": "10.60.1.1" },
    /resource '(web|db)': property gateway value \{10\.60\.1\.1\} has a problem: gateway "10\.60\.1\.1": (another )?cim\.Network .*of this program claims the same \(the range 10\.60\.1\.0\/24 of VPC "shop" \(new in this run\)\)/,
  ],
  [
    "two rules of one number in the new ACL list",
    { "newvpc:httpNumber": "10" },
    /resource '(ssh|http)': property number value \{10\} has a problem: number 10: (another )?cim\.NetworkAclRule .*of this program claims the same \(number 10 of network ACL list "web-acl" \(new in this run\)\)/,
  ],
  [
    "a tier given the ACL list of another new VPC",
    { "newvpc:webAcl": "other" },
    /resource 'web': property aclId value \S+ has a problem: aclId names network ACL list "other-acl" \(new in this run\) in .*, which is a list of VPC "other" \(new in this run\), not of the tier's VPC "shop" \(new in this run\): a tier uses a network ACL list of its own VPC/,
  ],
  [
    "a load-balancer rule onto a tier of the new VPC from an address of another new VPC",
    { "newvpc:lbAddress": "other" },
    /resource 'www': property networkId value \S+ has a problem: networkId names network web \("web" \(new in this run\)\), which is not a tier of VPC "other" \(new in this run\), the VPC of publicIpId's address/,
  ],
  [
    "tags of a volume on the new instance, which has tags of its own",
    { "newvpc:tagsOn": "app" },
    /resource 'shop-tags': property resourceId value \S+ has a problem: resourceId names instance "app" \(new in this run\) \(not a volume as resourceType "Volume" says\), whose own `tags` input is authoritative .*Put the key "team" in that resource's `tags` input instead, and remove this cim\.Tags/,
  ],
  [
    "a backup schedule of the new instance without a backup offering",
    { "newvpc:backupOffering": "none" },
    /resource 'nightly': property instanceId value \S+ has a problem: instanceId names instance "app" \(new in this run\) in .*, which has no backup offering/,
  ],
];

describe.each([
  { path: "the dynamic path", native: false },
  { path: "the plugin", native: true },
])("$path", ({ native }) => {
  it("preview refuses each mistake between new resources; the corrected program deploys", async () => {
    const api = testApi();
    const label = `planned${native ? "-native" : ""}`;
    const run = await stackRun({
      home: native ? pluginHome(label, "cim-e2e") : sourceHome(label),
      stackName: uniqueStack(label),
      program,
      envVars: api.envVars,
    });
    await api.control.resetRequests();
    // each mistake alone: the keys of the one before removed (null)
    let undo: Record<string, null> = {};
    for (const [what, mistake, refusal] of MISTAKES) {
      const config = { ...undo, ...mistake };
      undo = Object.fromEntries(Object.keys(mistake).map((k) => [k, null]));
      const [preview] = await run([{ op: "preview", expectFailure: true, config }]);
      const errors = preview.diagnostics.filter((d) => d.severity === "error").map((d) => d.message);
      expect(preview.ok, what).toBe(false);
      expect(
        errors.filter((m) => refusal.test(m)),
        `${what}: ${errors.join("\n")}`,
      ).toHaveLength(1);
      expect(preview.output).not.toMatch(/\\u0001|planned:/);
      expect(preview.output).not.toContain("\u0001");
    }
    expect(mutating(await api.control.requests())).toEqual({});

    const [up, exported, again] = await run([
      { op: "up", config: undo },
      { op: "export" },
      { op: "preview" },
    ]);
    expect(up.ok, up.error).toBe(true);
    expect(up.summary).toMatchObject({ create: 12 });
    expect(JSON.stringify(exported.deployment)).not.toContain(PLANNED_REFERENCES);
    expect(again.summary).toEqual({ same: 12 });
    await run([{ op: "destroy" }, { op: "rm" }]);
  }, 300_000);
});
