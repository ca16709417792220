// A value only one live record may hold (a name, a host name, an address's static NAT, a rule's number, a tier's
// range, …) is refused at preview (liveChecks.ts: exclusiveFailures). A common cause is a rename without an alias:
// Pulumi creates the new resource before it deletes the old one, so the old record still holds the value, and
// adopting it would be undone by the same up's delete of the old resource. Every kind's refusal names that way out
// first (the `aliases` option, or the old one removed in an up of its own), then its own advice. Each rule of the
// registry is judged here on a holder its kind's list returns, so a kind that declares a new one needs a row.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { publicKeyFingerprint } from "../../provider/families/sshKeyPairs/client";
import { type Kind, kinds } from "../../provider/kinds";
import type { LiveRecord, Recorded } from "../../provider/lifecycle/fieldSpec";
import { checkKind } from "../../provider/lifecycle/fields";
import { exclusiveFailures } from "../../provider/lifecycle/liveChecks";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { fakeJwt } from "../client/helpers";
import { ED25519 } from "../fixtures/sshKeys";

/** Per kind and property: inputs that claim a value, and a live record of the kind that holds it. */
const HELD: Record<string, { inputs: Recorded; holder: LiveRecord & Recorded }> = {
  "Instance.name": { inputs: { name: "web-1" }, holder: { id: "vm-1", name: "WEB-1", state: "Running" } },
  "Network.gateway": {
    inputs: { vpcId: "vpc-1", gateway: "10.0.1.129", netmask: "255.255.255.128" },
    holder: { id: "net-1", name: "tier", vpcId: "vpc-1", cidr: "10.0.1.0/24", state: "Implemented" },
  },
  "NetworkAclRule.number": {
    inputs: { aclId: "acl-1", number: 10 },
    holder: { id: "rule-1", aclId: "acl-1", number: 10 },
  },
  "BackupSchedule.intervalType": {
    inputs: { instanceId: "vm-1", intervalType: "daily" },
    holder: { id: "bs-1", vmId: "vm-1", intervalType: "DAILY" },
  },
  "SshKeyPair.name": { inputs: { name: "ops" }, holder: { id: "key-1", name: "ops" } },
  "SshKeyPair.publicKey": {
    inputs: { publicKey: ED25519 },
    holder: { id: "key-1", name: "ops", fingerprint: publicKeyFingerprint(ED25519) },
  },
  "StaticNat.publicIpId": {
    inputs: { publicIpId: "ip-1" },
    holder: { id: "ip-1", ipAddress: "198.18.0.7", virtualMachineId: "vm-1" },
  },
  "KubernetesCluster.name": {
    inputs: { name: "k8s" },
    holder: { id: "k8s-1", name: "k8s", state: "Running" },
  },
  "FileSystem.name": { inputs: { name: "share" }, holder: { id: "fs-1", name: "share", state: "Ready" } },
  "InstanceGroup.name": { inputs: { name: "web" }, holder: { id: "grp-1", name: "web" } },
  "MultiRegionGroup.name": { inputs: { name: "mesh" }, holder: { id: "mr-1", name: "mesh" } },
  "MultiRegionGroupVpc.vpcId": {
    inputs: { groupId: "mr-1", vpcId: "vpc-1", vpcRegion: "region-1" },
    holder: { id: "m-1", groupId: "mr-1", vpcId: "vpc-1", regionId: "region-1", state: "Active" },
  },
  "MultiRegionGroupVpc.vpcRegion": {
    inputs: { groupId: "mr-1", vpcId: "vpc-2", vpcRegion: "region-1" },
    holder: { id: "m-1", groupId: "mr-1", vpcId: "vpc-1", regionId: "region-1", state: "Active" },
  },
  "Project.name": { inputs: { name: "ops" }, holder: { id: "p-1", name: "ops" } },
  "InternalLoadBalancer.sourcePort": {
    inputs: { networkId: "tier-1", sourceIpAddress: "10.0.2.10", sourcePort: 80 },
    holder: { id: "ilb-1", name: "inner", networkId: "tier-1", sourceIpAddress: "10.0.2.10", sourcePort: 80 },
  },
  "InternalLoadBalancer.networkId": {
    inputs: { networkId: "tier-2", sourceIpAddressNetworkId: "tier-1", sourceIpAddress: "10.0.2.10" },
    holder: { id: "ilb-1", name: "inner", networkId: "tier-1", sourceIpAddress: "10.0.2.10", sourcePort: 80 },
  },
  "InstanceSnapshot.name": {
    inputs: { instanceId: "vm-1", name: "nightly" },
    holder: { id: "vs-1", name: "nightly", virtualMachineId: "vm-1", state: "Ready" },
  },
  "LoadBalancerRule.publicPort": {
    inputs: { publicIpId: "ip-1", publicPort: 80 },
    holder: { id: "lb-1", name: "web", publicIpId: "ip-1", publicPort: 80, protocol: "udp", state: "Active" },
  },
};

const rules = Object.values(kinds as Record<string, Kind>).flatMap((kind) =>
  // the values live records show (a rule without `held` is judged between a program's resources only)
  (kind.exclusive ?? [])
    .filter((x) => x.held)
    .map((x) => ({ kind, property: x.property, key: `${kind.name}.${x.property}` })),
);

const saved = { ...process.env };
beforeEach(() => {
  // lookups are made only when the API is configured; the list the kind reads is the test's, nothing is sent
  process.env.CIM_BASE_URL = "http://127.0.0.1:9";
  process.env.CIM_TOKEN = fakeJwt();
  delete process.env.CIM_SKIP_LOOKUPS;
  resetLookups();
});
afterAll(() => {
  process.env = saved;
  resetLookups();
});

describe("a value one live record may hold: the way out of a rename first, said once for every kind", () => {
  it("every kind's exclusive value has a row here", () => {
    expect(rules.length).toBeGreaterThan(0);
    expect(Object.keys(HELD).sort()).toEqual(rules.map((r) => r.key).sort());
  });

  it.each(rules)("$key", async ({ kind, property, key }) => {
    const { inputs, holder } = HELD[key];
    const listed: Kind = { ...kind, api: { ...kind.api, list: async () => [holder] } };
    // in cim:region "region-1" (with no region at all, check would ask the API for its default first)
    const failures = await exclusiveFailures(listed, inputs, {}, "region-1");
    expect(failures.map((f) => f.property)).toEqual([property]);
    const reason = failures[0].reason;
    const rename = `. If another cim.${kind.name} of this stack holds it (a rename), give this one the old name in its \`aliases\` option (in Pulumi YAML, the old resource's URN), or remove the old one in an up of its own first; for \`pulumi up --replace\` of the one holding it, change the value for that \`up\` and back in the next (or \`pulumi destroy --target\` it first, which deletes what depends on it too); if a \`pulumi up\` stopped while making this one, \`npx pulumi-cim recover\` records what it made; else `;
    // once, after the fact and before the kind's own advice, which follows "else" in lower case
    expect(reason.split(rename)).toHaveLength(2);
    const [fact, otherwise] = reason.split(rename);
    expect(fact).toMatch(new RegExp(`^${property}\\b`));
    expect(otherwise).toMatch(/^[a-z]/);
    expect(otherwise).not.toContain("aliases");
    if (reason.includes("adoptId")) expect(reason.indexOf("aliases")).toBeLessThan(reason.indexOf("adoptId"));
  });
});

describe("a resource that exists, taking a value another resource of the stack gives up in the same up", () => {
  // two instances swapping host names: each one's update meets the other's record still holding its new name,
  // since Pulumi updates unrelated resources in any order; the aliases of a rename cannot help an existing one
  it("names freeing the value in an up of its own first, not aliases nor --replace", async () => {
    const instance = kinds.Instance as Kind;
    const holder = { id: "vm-2", name: "web-2", state: "Running" };
    const listed: Kind = { ...instance, api: { ...instance.api, list: async () => [holder] } };
    const failures = await exclusiveFailures(listed, { name: "web-2" }, { name: "web-1" }, "region-1");
    expect(failures).toEqual([
      {
        property: "name",
        reason:
          'name "web-2" is taken: instance vm-2 (state Running) has that host name, and host names are unique in a region (the API refuses a second). If another cim.Instance of this stack holds it and gives it up in this up (a swap, or a value moved from one being changed or removed), free it in an up of its own first: Pulumi may change this one before that one, and removes resources last; else choose another name, or adopt that instance with adoptId',
      },
    ]);
  });
});

describe("an SSH key pair imported: the API shows its fingerprint, never its public key", () => {
  const keyPair = kinds.SshKeyPair as Kind;
  const record = { id: "key-1", name: "ops", fingerprint: publicKeyFingerprint(ED25519) };
  const listed: Kind = { ...keyPair, api: { ...keyPair.api, list: async () => [record] } };

  it("its own record, named by the name its old inputs claim, is not another holding the key", async () => {
    // `pulumi import` gives old inputs without publicKey; the program then gives the key
    expect(
      await exclusiveFailures(listed, { name: "ops", publicKey: ED25519 }, { name: "ops" }, "region-1"),
    ).toEqual([]);
    // a new key pair with that key is still refused: the record is another's
    const fresh = await exclusiveFailures(listed, { name: "ci", publicKey: ED25519 }, {}, "region-1");
    expect(fresh.map((f) => f.property)).toEqual(["publicKey"]);
  });

  it("its program may leave the key out, as the import wrote it; a new one may not", () => {
    const imported = checkKind(keyPair, { name: "ops" }, { name: "ops" });
    expect(imported.failures).toEqual([]);
    const made = checkKind(keyPair, {}, { name: "ops" });
    expect(made.failures.map((f) => f.property)).toEqual(["publicKey"]);
    // one the stack made with its key still needs it
    const dropped = checkKind(keyPair, { name: "ops", publicKey: ED25519 }, { name: "ops" });
    expect(dropped.failures.map((f) => f.property)).toEqual(["publicKey"]);
  });
});
