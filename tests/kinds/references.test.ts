// Every reference the platform refuses when it names nothing is looked up at preview: a plain id that names no
// record of the region is refused at check, naming the field, the id and the way out, before `up` makes whatever
// comes before the resource in the same run; an id of a record the API has passes, including records it shows
// without their being a resource of the account (a zone's shared network, a VPC's default ACL lists, an instance's
// root disk, a network's source-NAT address). In-process against the emulator; shared setup: ./world.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { type KindName, kinds } from "../../provider/kinds";
import { PLAIN_REFERENCES } from "../../provider/lifecycle/fieldSpec";
import { sshFromPrivate } from "../client/emulatorHarness";
import {
  aclList,
  aclVpc,
  addressAndInstance,
  clusterInputs,
  fsInputs,
  instanceInputs,
  internalTier,
  secondaryRegion,
  snapVm,
  tierInstance,
  vpcIn,
  vpcTier,
} from "./parts";
import {
  call,
  cat,
  first,
  job,
  nameOf,
  nextUnique,
  OTHER_ID,
  p,
  type Rec,
  unlisted,
  useEmulator,
} from "./world";

useEmulator();

/** Records the rows name, made once through the API. */
const w: Rec = {};

beforeAll(async () => {
  const tierId = await vpcTier("refs", 88, cat.tier);
  w.vpc = (await call("GET", `/networks/${tierId}`)).vpcId;
  w.aclVpc = await aclVpc();
  w.acl = await aclList(w.aclVpc);
  w.defaultAllow = (await first(`/vpcs/${w.aclVpc}/acl-lists`, (l) => l.name === "default_allow")).id;
  w.nat = await addressAndInstance();
  w.lb = await addressAndInstance();
  w.sourceNat = (
    await first(`/public-ips?associatedNetworkId=${cat.net}`, (ip) => ip.isSourceNat === true)
  ).id;
  w.zoneNetwork = (await first("/zones", (z) => z.id === cat.zone)).defaultNetworkId;
  const vm = await snapVm();
  w.root = vm.rootId;
  w.snapshot = (await job(await call("POST", "/snapshots", { volumeId: vm.rootId }))).resourceId;
  w.ilbTier = await internalTier();
  w.ilbMember = await tierInstance();
}, 60_000);

/** The check's failures, the program giving `fields` as plain text (as the TypeScript SDK says). */
async function plainly(kind: KindName, news: Rec, fields: string[]) {
  return (await p(kind).check!({}, { ...news, [PLAIN_REFERENCES]: fields })).failures ?? [];
}
/** The check's failures of a program whose SDK does not say which references are plain (Pulumi YAML). */
async function unlistedly(kind: KindName, news: Rec) {
  return (await p(kind).check!({}, unlisted(news))).failures ?? [];
}

/** The refusal of `id` in `field`, a reference to `target`'s resources, in the default region. */
const namesNo = (field: string, target: KindName, id: string) => ({
  property: field,
  reason: `${field} names no ${kinds[target].noun} with id "${id}" in the default region (cim:region is not set). Create it first (declare a cim.${target} and pass its id output here, so it is made before this resource), or correct the id`,
});

interface Row {
  kind: KindName;
  field: string;
  /** The kind the field names. */
  target: KindName;
  /** Valid inputs whose field names a record the API has. */
  inputs: () => Rec | Promise<Rec>;
}

const gateway = () => ({
  vpcId: w.vpc,
  ipAddress: "192.168.210.2",
  gateway: "192.168.210.1",
  netmask: "255.255.255.0",
  vlan: 2000 + nextUnique(),
});
const rule = (aclId: string) => ({ ...sshFromPrivate(aclId), number: 100 + nextUnique() });
const tier = () => ({
  name: nameOf("tier"),
  zoneId: cat.zone,
  networkOfferingId: cat.tier,
  vpcId: w.vpc,
  gateway: `10.88.${10 + nextUnique()}.1`,
  netmask: "255.255.255.0",
});
const lbRule = () => ({
  name: nameOf("lb"),
  publicIpId: w.lb.publicIpId,
  networkId: cat.net,
  publicPort: 80,
  privatePort: 8080,
  memberIds: [w.lb.instanceId],
});
const internalLb = () => ({
  name: nameOf("ilb"),
  networkId: w.ilbTier,
  sourcePort: 5432,
  instancePort: 5432,
  memberIds: [w.ilbMember],
});

const ROWS: Row[] = [
  {
    kind: "Instance",
    field: "networkIds",
    target: "Network",
    inputs: () => ({ ...instanceInputs(), networkIds: [cat.net] }),
  },
  { kind: "Network", field: "vpcId", target: "Vpc", inputs: tier },
  { kind: "PublicIp", field: "vpcId", target: "Vpc", inputs: () => ({ vpcId: w.vpc }) },
  { kind: "PublicIp", field: "networkId", target: "Network", inputs: () => ({ networkId: cat.net }) },
  {
    kind: "NetworkAclList",
    field: "vpcId",
    target: "Vpc",
    inputs: () => ({ name: nameOf("list"), vpcId: w.vpc }),
  },
  {
    kind: "NetworkAclRule",
    field: "aclId",
    target: "NetworkAclList",
    inputs: () => rule(w.acl),
  },
  {
    kind: "Volume",
    field: "snapshotId",
    target: "VolumeSnapshot",
    inputs: () => ({
      name: nameOf("restored"),
      zoneId: cat.zone,
      diskOfferingId: cat.custom,
      snapshotId: w.snapshot,
    }),
  },
  // an instance's root disk is a volume too (no cim.Volume declares it)
  {
    kind: "VolumeSnapshot",
    field: "volumeId",
    target: "Volume",
    inputs: () => ({ name: nameOf("snap"), volumeId: w.root }),
  },
  { kind: "VpcGateway", field: "vpcId", target: "Vpc", inputs: gateway },
  { kind: "KubernetesCluster", field: "networkId", target: "Network", inputs: () => clusterInputs() },
  { kind: "FileSystem", field: "networkId", target: "Network", inputs: () => fsInputs() },
  {
    kind: "StaticNat",
    field: "publicIpId",
    target: "PublicIp",
    inputs: () => ({ ...w.nat, networkId: cat.net }),
  },
  {
    kind: "StaticNat",
    field: "networkId",
    target: "Network",
    inputs: () => ({ ...w.nat, networkId: cat.net }),
  },
  { kind: "LoadBalancerRule", field: "publicIpId", target: "PublicIp", inputs: lbRule },
  { kind: "LoadBalancerRule", field: "networkId", target: "Network", inputs: lbRule },
  { kind: "LoadBalancerRule", field: "memberIds", target: "Instance", inputs: lbRule },
  { kind: "InternalLoadBalancer", field: "memberIds", target: "Instance", inputs: internalLb },
];

describe.each(ROWS)("$kind $field names a $target", (row) => {
  it("a plain id that names nothing is refused at check, naming the field, the id and the way out", async () => {
    const valid = await row.inputs();
    const given = valid[row.field];
    // a list keeps what it names that exists: only the id that names nothing is refused
    const typo = Array.isArray(given) ? [...given, OTHER_ID] : OTHER_ID;
    expect(await plainly(row.kind, { ...valid, [row.field]: typo }, [row.field])).toEqual([
      namesNo(row.field, row.target, OTHER_ID),
    ]);
  });

  it("an id of a record the API has passes", async () => {
    expect(await plainly(row.kind, await row.inputs(), [row.field])).toEqual([]);
  });

  it("an id taken from another resource's output is not looked up (that resource may be made by the same run)", async () => {
    const valid = await row.inputs();
    const given = valid[row.field];
    const typo = Array.isArray(given) ? [OTHER_ID] : OTHER_ID;
    // (another rule may judge it on what a record the inputs name shows: a static NAT's instance has no NIC there,
    // its address serves another network)
    const failures = await plainly(row.kind, { ...valid, [row.field]: typo }, []);
    expect(failures.filter((f) => f.property === row.field && f.reason.includes(" names no "))).toEqual([]);
  });
});

describe("a program whose SDK does not list its plain references (Pulumi YAML) has every known id looked up", () => {
  it.each([
    ["Network", "vpcId"],
    ["VolumeSnapshot", "volumeId"],
    ["NetworkAclRule", "aclId"],
  ] as const)("%s %s: an id that names nothing is refused; one the API has passes", async (kind, field) => {
    const row = ROWS.find((r) => r.kind === kind && r.field === field)!;
    const valid = await row.inputs();
    expect(await unlistedly(kind, { ...valid, [field]: OTHER_ID })).toEqual([
      namesNo(field, row.target, OTHER_ID),
    ]);
    expect(await unlistedly(kind, valid)).toEqual([]);
  });

  it("an instance's networkIds: a typo among them is refused, naming it alone", async () => {
    const news = { ...instanceInputs(), networkIds: [cat.net, OTHER_ID] };
    expect(await unlistedly("Instance", news)).toEqual([namesNo("networkIds", "Network", OTHER_ID)]);
  });
});

describe("records the API has without their being a resource of the account are found", () => {
  it("an instance on its zone's shared network passes (the API shows that network by id only)", async () => {
    const news = { ...instanceInputs(), networkIds: [w.zoneNetwork] };
    expect(await plainly("Instance", news, ["networkIds"])).toEqual([]);
    expect(await unlistedly("Instance", news)).toEqual([]);
  });

  it("a cluster on its zone's shared network is refused for what it is, not as a network that does not exist", async () => {
    const failures = await plainly("KubernetesCluster", clusterInputs({ networkId: w.zoneNetwork }), [
      "networkId",
    ]);
    expect(failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^networkId ${w.zoneNetwork} is the shared default network of zone .*: it needs a network of the account`,
        ),
      ),
    ]);
  });

  it("a rule in a VPC's default list is refused for what the list is, not as a list that does not exist", async () => {
    const failures = await plainly("NetworkAclRule", rule(w.defaultAllow), ["aclId"]);
    expect(failures.map((f) => f.property)).toEqual(["aclId"]);
    expect(failures[0].reason).toMatch(
      new RegExp(`^aclId names network ACL list ${w.defaultAllow} in .*, which `),
    );
  });

  it("static NAT on a network's source-NAT address is refused for what the address is", async () => {
    const failures = await plainly("StaticNat", { ...w.nat, publicIpId: w.sourceNat }, ["publicIpId"]);
    expect(failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(
        new RegExp(`^publicIpId names public IP ${w.sourceNat} in .*, which is the source-NAT address`),
      ),
    ]);
  });
});

it("an id of another region's record names nothing in the resource's region", async () => {
  const elsewhere = await vpcIn(secondaryRegion());
  expect(await plainly("NetworkAclList", { name: nameOf("list"), vpcId: elsewhere }, ["vpcId"])).toEqual([
    namesNo("vpcId", "Vpc", elsewhere),
  ]);
});
