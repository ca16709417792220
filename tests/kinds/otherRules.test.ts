import { describe, expect, it } from "vitest";
import { PLATFORM_TAG_TYPES as EMULATED_TAG_TYPES } from "../../emulator/handlers/tagTypes";
import { PLATFORM_TAG_TYPES } from "../../provider/client";
import { managedSubset } from "../../provider/families/tags/tags";
import { kinds } from "../../provider/kinds";
import type { Kind } from "../../provider/kinds/define";
import { diskSizeProblem } from "../../provider/kinds/diskOffering";
import { checkKind, diffKind } from "../../provider/lifecycle/fields";
import { UNKNOWN } from "../../provider/lifecycle/values";
import { ED25519, ED25519_B, ED25519_MD5, PRIVATE_KEY_SHAPE } from "../fixtures/sshKeys";

type Rec = Record<string, unknown>;
const checker = (kind: Kind) => (news: Rec) => checkKind(kind, {}, news);
const differ = (kind: Kind) => (olds: Rec, news: Rec) => diffKind(kind, olds, news);
const checkVolume = (olds: Rec, news: Rec) => checkKind(kinds.Volume, olds, news);
const diffVolume = differ(kinds.Volume);
const [checkVpc, diffVpc] = [checker(kinds.Vpc), differ(kinds.Vpc)];
const [checkNetwork, diffNetwork] = [checker(kinds.Network), differ(kinds.Network)];
const [checkBackupSchedule, diffBackupSchedule] = [
  checker(kinds.BackupSchedule),
  differ(kinds.BackupSchedule),
];
const [checkTags, diffTags] = [checker(kinds.Tags), differ(kinds.Tags)];
const [checkBackup, diffBackup] = [checker(kinds.Backup), differ(kinds.Backup)];
const [checkInstance, diffInstance] = [checker(kinds.Instance), differ(kinds.Instance)];
const [checkKey, diffKey] = [checker(kinds.SshKeyPair), differ(kinds.SshKeyPair)];

const zone = "7d1d9c2e-5c1a-5b8e-9a7e-0c1f2e3d4a5b";
const off = "1b6c2d3e-4f50-5617-8a9b-c0d1e2f3a4b5";
const off2 = "2c7d3e4f-5061-5728-9bac-d1e2f3a4b5c6";
const vm = "3d8e4f50-6172-5839-8cbd-e2f3a4b5c6d7";
const vpc = "4e9f5061-7283-594a-9dce-f3a4b5c6d7e8";

describe("Volume", () => {
  const news = { name: "data", zoneId: zone, diskOfferingId: off, size: 20, instanceId: vm, tags: {} };
  const olds = { ...news, region: "r", state: "Ready", deviceId: 1 };

  it("checks inputs and refuses to shrink", () => {
    expect(checkVolume({}, news).failures).toEqual([]);
    expect(checkVolume({}, { zoneId: zone, diskOfferingId: off }).failures[0].reason).toBe(
      "name is required: the volume's name",
    );
    expect(checkVolume({}, { zoneId: zone, diskOfferingId: off, adoptId: vm }).failures).toEqual([]);
    expect(checkVolume({ ...news, size: 50 }, news).failures[0].reason).toContain(
      "cannot shrink (50 GB → 20 GB)",
    );
    // another zone replaces it anyway: the new volume's size is its own
    expect(checkVolume({ ...news, size: 50, zoneId: vpc }, news).failures).toEqual([]);
    // the live size above the inputs (grown outside the program, or the refresh diff: old inputs as the news)
    expect(diffVolume({ ...olds, size: 50 }, news)).toMatchObject({ changes: true, replaces: [] });
  });

  it("agrees with fixed-size offerings", () => {
    const sizeProblem = (size: number, o: Rec) => diskSizeProblem("size", size, o, "ignored");
    expect(sizeProblem(30, { name: "Small 20 GB", diskSizeGb: 20, customized: false })).toContain(
      "fixed 20 GB",
    );
    expect(sizeProblem(20, { diskSizeGb: 20, customized: false })).toBeUndefined();
    expect(sizeProblem(30, { diskSizeGb: 0, customized: true })).toBeUndefined();
  });

  it("resizes, attaches and detaches in place; name and zone replace", () => {
    expect(diffVolume(olds, news).changes).toBe(false);
    expect(diffVolume(olds, { ...news, size: 40, diskOfferingId: off2 })).toMatchObject({
      replaces: [],
      updates: ["diskOfferingId", "size"],
    });
    const { instanceId: _, ...detached } = news;
    expect(diffVolume(olds, detached).updates).toEqual(["instanceId"]);
    expect(diffVolume({ ...olds, instanceId: undefined }, detached).changes).toBe(false);
    expect(diffVolume(olds, { ...news, name: "data2" }).replaces).toEqual(["name"]);
    // refresh after an out-of-band delete drops it from state; a size the program leaves out is the API's
    const { size: __, ...unsized } = news;
    expect(diffVolume(olds, unsized).changes).toBe(false);
  });
});

describe("Vpc", () => {
  const news = { name: "main", zoneId: zone, cidr: "10.1.0.0/16", vpcOfferingId: off };

  it("checks the CIDR", () => {
    expect(checkVpc(news).failures).toEqual([]);
    expect(checkVpc({ ...news, cidr: "10.1.2.3/16" }).failures[0].reason).toContain(
      "10.1.0.0/16, not 10.1.2.3/16",
    );
    expect(checkVpc({ ...news, cidr: "10.1.0.0" }).failures[0].reason).toContain("CIDR notation");
    expect(checkVpc({ ...news, cidr: "10.1.0.0/33" }).failures[0].property).toBe("cidr");
  });

  it("renames in place and replaces on range changes, with no perpetual diff", () => {
    const olds: Record<string, unknown> = {
      ...checkVpc(news).inputs,
      displayText: "main",
      networkDomain: "cim.internal",
      state: "Implemented",
      tags: {},
    };
    expect(diffVpc(olds, { ...checkVpc(news).inputs }).changes).toBe(false);
    expect(diffVpc(olds, { ...news, name: "core", displayText: "Core" })).toMatchObject({
      replaces: [],
      updates: ["name", "displayText"],
    });
    expect(diffVpc(olds, { ...news, cidr: "10.2.0.0/16" }).replaces).toEqual(["cidr"]);
  });
});

describe("Network", () => {
  const news = {
    name: "web",
    zoneId: zone,
    networkOfferingId: off,
    vpcId: vpc,
    gateway: "10.1.1.1",
    netmask: "255.255.255.0",
  };

  it("checks gateway and netmask together", () => {
    expect(checkNetwork(news).failures).toEqual([]);
    expect(checkNetwork({ ...news, netmask: undefined }).failures[0].reason).toContain(
      "give both or neither",
    );
    // one message per cause: a malformed value is not also "missing" to the rule that pairs it
    const reasons = (n: Rec) => checkNetwork(n).failures.map((f) => f.reason);
    expect(reasons({ ...news, netmask: "255.0.255.0" })).toEqual([
      "netmask must be a contiguous netmask such as 255.255.255.0",
    ]);
    expect(reasons({ ...news, gateway: "10.1.1" })).toEqual([
      "gateway must be an IPv4 address: the network's gateway, e.g. 10.1.1.1",
    ]);
    // the rules still run on what is valid: a tier without a range is refused once, for the pair
    expect(reasons({ ...news, gateway: undefined, netmask: undefined })).toHaveLength(1);
    expect(checkNetwork({ ...news, gateway: "10.1.1.0" }).failures[0].reason).toContain(
      "not a host address of 10.1.1.0/24",
    );
  });

  it("deletes before replacing a VPC tier that keeps its range", () => {
    const olds = { ...news, region: "r", cidr: "10.1.1.0/24", state: "Implemented", tags: {} };
    expect(diffNetwork(olds, news).changes).toBe(false);
    expect(diffNetwork(olds, { ...news, networkOfferingId: off2 })).toMatchObject({
      replaces: ["networkOfferingId"],
      deleteBeforeReplace: true,
    });
    expect(diffNetwork(olds, { ...news, gateway: "10.1.2.1" }).deleteBeforeReplace).toBe(false);
    expect(diffNetwork(olds, { ...news, name: "web2" })).toMatchObject({ replaces: [], updates: ["name"] });
  });

  it("takes networkDomain: left out keeps the API's, a change replaces (the API cannot change it)", () => {
    expect(checkNetwork({ ...news, networkDomain: " corp.internal " }).inputs.networkDomain).toBe(
      "corp.internal",
    );
    expect(checkNetwork({ ...news, networkDomain: "" }).failures[0].property).toBe("networkDomain");
    const olds = { ...news, region: "r", networkDomain: "cim.internal", state: "Implemented", tags: {} };
    expect(diffNetwork(olds, news).changes).toBe(false);
    expect(diffNetwork(olds, { ...news, networkDomain: "cim.internal" }).changes).toBe(false);
    expect(diffNetwork(olds, { ...news, networkDomain: "corp.internal" }).replaces).toEqual([
      "networkDomain",
    ]);
  });
});

describe("BackupSchedule", () => {
  it("requires the instance and the schedule; intervalType compares case-insensitively", () => {
    const f = checkBackupSchedule({}).failures.map((x) => x.property);
    expect(f).toEqual(["instanceId", "intervalType", "schedule"]);
    const news: Record<string, unknown> = {
      ...checkBackupSchedule({ instanceId: vm, intervalType: "daily", schedule: "30:02" }).inputs,
    };
    expect(news.intervalType).toBe("DAILY");
    const olds = { ...news, timezone: "UTC", region: "r" };
    expect(diffBackupSchedule(olds, news).changes).toBe(false);
    expect(diffBackupSchedule(olds, { ...news, schedule: "00:03" })).toMatchObject({
      replaces: [],
      updates: ["schedule"],
    });
    expect(diffBackupSchedule(olds, { ...news, instanceId: vpc }).replaces).toEqual(["instanceId"]);
  });

  it("timezone is an IANA name, as the platform requires; left out, the API's default", () => {
    const inputs = { instanceId: vm, intervalType: "DAILY", schedule: "30:02" };
    for (const ok of ["UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires"])
      expect(checkBackupSchedule({ ...inputs, timezone: ok }).failures, ok).toEqual([]);
    expect(checkBackupSchedule(inputs).failures).toEqual([]);
    for (const bad of ["Europe/Atlantis", "CEST+2", "Z".repeat(65)])
      expect(checkBackupSchedule({ ...inputs, timezone: bad }).failures, bad).toEqual([
        {
          property: "timezone",
          reason: expect.stringMatching(
            /^timezone must (be an IANA time zone name|be at most 64 characters)/,
          ),
        },
      ]);
    expect(checkBackupSchedule({ ...inputs, timezone: "Mars/Olympus" }).failures[0].reason).toBe(
      'timezone must be an IANA time zone name, e.g. "Europe/Berlin" or "UTC": the time zone of the schedule',
    );
  });

  it("takes adoptId, read only at create: changing or removing it later is no change", () => {
    const inputs = { instanceId: vm, intervalType: "DAILY", schedule: "30:02" };
    expect(checkBackupSchedule({ ...inputs, adoptId: vpc })).toMatchObject({
      inputs: { adoptId: vpc },
      failures: [],
    });
    expect(checkBackupSchedule({ ...inputs, adoptId: "nightly" }).failures).toEqual([
      expect.objectContaining({ property: "adoptId", reason: expect.stringContaining("must be an id") }),
    ]);
    const olds = { ...inputs, timezone: "UTC", region: "r", adoptId: vpc };
    expect(diffBackupSchedule(olds, { ...inputs, adoptId: vm }).changes).toBe(false);
    expect(diffBackupSchedule(olds, inputs).changes).toBe(false);
    expect(diffBackupSchedule(olds, { ...inputs, adoptId: vm, schedule: "00:03" })).toMatchObject({
      replaces: [],
      updates: ["schedule"],
    });
  });
});

describe("Backup", () => {
  it("requires the instance; every field but timeouts replaces (the API changes nothing of a backup)", () => {
    expect(checkBackup({}).failures.map((x) => x.property)).toEqual(["instanceId"]);
    expect(checkBackup({ instanceId: "db" }).failures[0].reason).toContain("must be an id");
    const news = checkBackup({ instanceId: vm, name: "before-upgrade", description: "why" }).inputs;
    const olds = { ...news, region: "r", state: "BackedUp" };
    expect(diffBackup(olds, news).changes).toBe(false);
    expect(diffBackup(olds, { ...news, description: "other" }).replaces).toEqual(["description"]);
    expect(diffBackup(olds, { ...news, name: "x" }).replaces).toEqual(["name"]);
    expect(diffBackup(olds, { ...news, instanceId: vpc }).replaces).toEqual(["instanceId"]);
    expect(diffBackup(olds, { ...news, timeouts: { create: "1h" } })).toMatchObject({
      replaces: [],
      changes: true,
    });
    // a backup whose job failed (state Error) is replaced by the next up
    expect(diffBackup({ ...olds, state: "Error" }, news).replaces).toEqual(["state"]);
  });
});

describe("Instance backupOfferingId", () => {
  const base = { zoneId: zone, templateId: off, serviceOfferingId: off2 };
  it("is an id, changed in place; left out, the live offering is kept (no diff)", () => {
    expect(checkInstance({ ...base, backupOfferingId: "Standard" }).failures[0]).toMatchObject({
      property: "backupOfferingId",
      reason: expect.stringContaining("must be an id"),
    });
    const olds = {
      ...base,
      region: "r",
      state: "Running",
      powerState: "running",
      tags: {},
      backupOfferingId: vm,
    };
    expect(diffInstance(olds, { ...base, backupOfferingId: vpc })).toMatchObject({
      replaces: [],
      updates: ["backupOfferingId"],
    });
    expect(diffInstance(olds, { ...base, backupOfferingId: vm }).changes).toBe(false);
    expect(diffInstance(olds, base).changes).toBe(false);
    expect(
      diffInstance({ ...olds, backupOfferingId: undefined }, { ...base, backupOfferingId: vm }).updates,
    ).toEqual(["backupOfferingId"]);
  });
});

describe("Tags", () => {
  it("checks the target and manages only its own keys", () => {
    expect(checkTags({ resourceType: "Template", resourceId: vm, tags: { a: "1" } }).failures).toEqual([]);
    expect(checkTags({ resourceType: "no type", resourceId: vm }).failures[0].property).toBe("resourceType");
    expect(managedSubset({ a: "1", other: "x" }, ["a", "b"])).toEqual({ a: "1" });
    const olds = { resourceType: "Template", resourceId: vm, tags: { a: "1" } };
    expect(diffTags(olds, { ...olds, tags: { a: "2" } })).toMatchObject({ replaces: [], updates: ["tags"] });
    expect(diffTags(olds, { ...olds, resourceId: vpc })).toMatchObject({
      replaces: ["resourceId"],
      deleteBeforeReplace: true,
    });
  });

  it("takes the resource types the platform tags, in any case, and refuses the others as the API does", () => {
    const reasons = (resourceType: string) =>
      checkTags({ resourceType, resourceId: vm }).failures.map((f) => `${f.property}: ${f.reason}`);
    for (const ok of [
      "Template",
      "iso",
      "VMSNAPSHOT",
      "UserVm",
      "virtualmachine",
      "KubernetesCluster",
      "SnapshotPolicy",
    ])
      expect(reasons(ok)).toEqual([]);
    expect(reasons("Templates")).toEqual([
      expect.stringMatching(
        /^resourceType: resourceType is no resource type the API knows \(it refuses it: "Invalid resource type Templates"\)\. The types it tags, in any case: Instance, Volume, .*Template, .*VMSnapshot/,
      ),
    ]);
    expect(reasons("zone")).toEqual([
      expect.stringMatching(
        /^resourceType: resourceType names a resource type the API takes no tags on \(it refuses them: "The resource type zone doesn't support resource tags"\)/,
      ),
    ]);
    // a tag set the stack holds was taken by the API under its type: it stays unjudged, a new type is judged
    const held = { resourceType: "ObjectStore", resourceId: vm, tags: { a: "1" } };
    expect(checkKind(kinds.Tags, held, { ...held, tags: { a: "2" } }).failures).toEqual([]);
    expect(
      checkKind(kinds.Tags, held, { ...held, resourceType: "Zone" }).failures.map((f) => f.property),
    ).toEqual(["resourceType"]);
    // a type not known yet is not judged
    expect(checkTags({ resourceType: UNKNOWN, resourceId: vm }).failures).toEqual([]);
  });

  it("knows the types as the emulated platform does; its reference page names each kind tagged only through this route", () => {
    // the emulator's table is the platform's (CloudStack's ResourceObjectType): preview refuses what it refuses
    expect(PLATFORM_TAG_TYPES).toEqual(EMULATED_TAG_TYPES);
    const doc = String(kinds.Tags.fields.resourceId.doc);
    const generic = Object.values(kinds).flatMap((k: Kind) => (k.taggedAs ? [k.taggedAs] : []));
    expect(generic.length).toBeGreaterThan(0);
    for (const t of generic) {
      expect(PLATFORM_TAG_TYPES[t]).toBe(true);
      expect(doc).toContain(`\`${t}\``);
    }
  });
});

describe("SshKeyPair", () => {
  const olds = { name: "ops", publicKey: ED25519, fingerprint: ED25519_MD5, region: "r" };

  it("takes a public key line, trimmed; refuses a private key without naming the property (no echo)", () => {
    const ok = checkKey({ name: "ops", publicKey: `\n${ED25519}\n` });
    expect(ok.failures).toEqual([]);
    expect(ok.inputs.publicKey).toBe(ED25519);
    const priv = checkKey({ name: "ops", publicKey: PRIVATE_KEY_SHAPE }).failures;
    expect(priv).toEqual([{ property: "", reason: expect.stringMatching(/^publicKey is a private key/) }]);
    // other problems name the field as usual
    expect(checkKey({ name: "ops", publicKey: "ssh-rsa" }).failures.map((f) => f.property)).toEqual([
      "publicKey",
    ]);
    expect(checkKey({ adoptId: vm }).failures).toEqual([]);
  });

  it("compares the key by fingerprint; name and key replace; unknown values delete first", () => {
    expect(diffKey(olds, { name: "ops", publicKey: ED25519.replace("ops@example", "x@y") }).changes).toBe(
      false,
    );
    // state without a fingerprint (not from this version) falls back to the recorded key
    expect(diffKey({ ...olds, fingerprint: undefined }, { name: "ops", publicKey: ED25519 }).changes).toBe(
      false,
    );
    expect(diffKey(olds, { name: "ops", publicKey: ED25519_B })).toMatchObject({
      replaces: ["publicKey"],
      deleteBeforeReplace: true,
    });
    expect(diffKey(olds, { name: "ops2", publicKey: ED25519 })).toMatchObject({
      replaces: ["name"],
      deleteBeforeReplace: true,
    });
    expect(diffKey(olds, { name: "ops2", publicKey: ED25519_B }).deleteBeforeReplace).toBe(false);
    expect(diffKey(olds, { name: UNKNOWN, publicKey: ED25519_B }).deleteBeforeReplace).toBe(true);
  });
});

describe("NetworkAclList and NetworkAclRule", () => {
  const [checkList, diffList] = [checker(kinds.NetworkAclList), differ(kinds.NetworkAclList)];
  const [checkRule, diffRule] = [checker(kinds.NetworkAclRule), differ(kinds.NetworkAclRule)];
  const acl = "5fa06172-8394-5a5b-8edf-a4b5c6d7e8f9";
  const failures = (news: Rec) => checkRule({ aclId: acl, cidrList: ["0.0.0.0/0"], ...news }).failures;
  const props = (news: Rec) => failures(news).map((f) => f.property);

  it("a list may not take a default list's name; vpcId replaces, names change in place", () => {
    expect(checkList({ name: "Default_Deny", vpcId: vpc }).failures).toEqual([
      { property: "name", reason: expect.stringMatching(/default lists .* cim.getNetworkAclList/) },
    ]);
    expect(checkList({ name: "web", vpcId: "web-vpc" }).failures.map((f) => f.property)).toEqual(["vpcId"]);
    const olds = { name: "web", description: "a", vpcId: vpc, region: "r" };
    expect(diffList(olds, { name: "app", description: "b", vpcId: vpc })).toMatchObject({ replaces: [] });
    expect(diffList(olds, { name: "web", vpcId: acl }).replaces).toEqual(["vpcId"]);
  });

  it("ports: 1-65535, start <= end, tcp and udp only; an end needs a start", () => {
    expect(failures({ protocol: "tcp", startPort: 22 })).toEqual([]);
    expect(props({ protocol: "tcp", startPort: 0 })).toEqual(["startPort"]);
    expect(props({ protocol: "udp", startPort: 53, endPort: 65536 })).toEqual(["endPort"]);
    expect(failures({ protocol: "tcp", startPort: 90, endPort: 80 })).toEqual([
      { property: "endPort", reason: "endPort 80 is below startPort 90: the range is startPort to endPort" },
    ]);
    expect(props({ protocol: "tcp", endPort: 80 })).toEqual(["startPort"]);
    expect(props({ protocol: "icmp", startPort: 22 })).toEqual(["startPort"]);
    expect(failures({ protocol: "all", startPort: 1, endPort: 2 }).map((f) => f.reason)).toEqual([
      "startPort applies to tcp and udp rules only (protocol is all)",
      "endPort applies to tcp and udp rules only (protocol is all)",
    ]);
  });

  it("ICMP type and code only with icmp, in range; protocol, action and traffic type are words in any case", () => {
    expect(failures({ protocol: "icmp", icmpType: 8, icmpCode: 0 })).toEqual([]);
    expect(props({ protocol: "tcp", icmpType: 8 })).toEqual(["icmpType"]);
    expect(props({ protocol: "udp", icmpCode: 3 })).toEqual(["icmpCode"]);
    expect(props({ protocol: "icmp", icmpType: 256, icmpCode: 17 })).toEqual(["icmpType", "icmpCode"]);
    expect(props({ protocol: "gre" })).toEqual(["protocol"]);
    expect(failures({ protocol: "gre" })[0].reason).toMatch(
      /one of tcp, udp, icmp, all, or a protocol number/,
    );
    expect(props({})).toEqual(["protocol"]);
    const ok = checkRule({
      aclId: acl,
      cidrList: ["0.0.0.0/0"],
      protocol: "TCP",
      action: "DENY",
      trafficType: "Egress",
    });
    expect(ok.inputs).toMatchObject({ protocol: "tcp", action: "deny", trafficType: "egress" });
    expect(props({ protocol: "tcp", action: "reject", trafficType: "sideways" })).toEqual([
      "action",
      "trafficType",
    ]);
  });

  it("a protocol number 0-255 as text, as CloudStack takes it: kept as written, 1 is icmp; ports by name only", () => {
    for (const protocol of ["47", "50", "0", "255", " 6 "]) expect(failures({ protocol })).toEqual([]);
    expect(checkRule({ aclId: acl, cidrList: ["0.0.0.0/0"], protocol: "47" }).inputs.protocol).toBe("47");
    // createNetworkACL turns protocol number 1 into icmp (paired with an ICMP type and code): the defaults follow
    const one = checkRule({ aclId: acl, cidrList: ["0.0.0.0/0"], protocol: "1" }).inputs;
    expect(one).toMatchObject({ protocol: "icmp", icmpType: -1, icmpCode: -1 });
    expect(failures({ protocol: "256" })).toEqual([
      { property: "protocol", reason: expect.stringMatching(/from 0 to 255 as a protocol number/) },
    ]);
    expect(props({ protocol: "-1" })).toEqual(["protocol"]);
    expect(props({ protocol: "4.5" })).toEqual(["protocol"]);
    // ports only with tcp and udp by name (the router matches ports of those alone), ICMP fields only with icmp
    expect(failures({ protocol: "6", startPort: 22 })).toEqual([
      {
        property: "startPort",
        reason:
          'startPort applies to tcp and udp rules only (protocol is 6): write protocol "tcp" to give ports',
      },
    ]);
    expect(props({ protocol: "47", startPort: 1, endPort: 2 })).toEqual(["startPort", "endPort"]);
    expect(props({ protocol: "47", icmpType: 8 })).toEqual(["icmpType"]);
    expect(failures({ protocol: "1", icmpType: 8, icmpCode: 0 })).toEqual([]);
    // the API answers the number as sent: no change; a number for a name is a change
    const olds = {
      aclId: acl,
      number: 3,
      protocol: "47",
      cidrList: ["0.0.0.0/0"],
      action: "allow",
      trafficType: "ingress",
    };
    const gre = checkRule({ aclId: acl, protocol: "47", cidrList: ["0.0.0.0/0"] }).inputs;
    expect(diffRule(olds, gre).changes).toBe(false);
    const tcp = checkRule({ aclId: acl, protocol: "6", cidrList: ["0.0.0.0/0"] }).inputs;
    expect(diffRule({ ...olds, protocol: "tcp" }, tcp)).toMatchObject({ changes: true, replaces: [] });
  });

  it("CIDRs: at least one, IPv4 as its network address or IPv6", () => {
    expect(failures({ protocol: "all", cidrList: ["10.0.0.0/8", "::/0", "2001:db8::/32"] })).toEqual([]);
    expect(props({ protocol: "all", cidrList: [] })).toEqual(["cidrList"]);
    expect(failures({ protocol: "all", cidrList: ["10.0.0.5/8"] })[0].reason).toMatch(
      /network address: 10.0.0.0\/8, not 10.0.0.5\/8/,
    );
    expect(props({ protocol: "all", cidrList: ["anywhere"] })).toEqual(["cidrList"]);
    expect(props({ protocol: "all", cidrList: ["::/129"] })).toEqual(["cidrList"]);
    expect(props({ protocol: "all", cidrList: undefined })).toEqual(["cidrList"]);
  });

  it("diff: the API's defaults are no change, CIDR order does not matter, aclId alone replaces", () => {
    const olds = {
      aclId: acl,
      number: 3,
      protocol: "icmp",
      icmpType: -1,
      icmpCode: -1,
      cidrList: ["10.0.0.0/8", "0.0.0.0/0"],
      action: "allow",
      trafficType: "ingress",
      region: "r",
      state: "Active",
    };
    const same = checkRule({ aclId: acl, protocol: "icmp", cidrList: ["0.0.0.0/0", "10.0.0.0/8"] }).inputs;
    expect(diffRule(olds, same).changes).toBe(false);
    const tcp = { aclId: acl, protocol: "tcp", startPort: 22, cidrList: ["0.0.0.0/0"] };
    expect(diffRule(olds, checkRule(tcp).inputs)).toMatchObject({ changes: true, replaces: [] });
    expect(diffRule(olds, { ...same, aclId: vpc }).replaces).toEqual(["aclId"]);
    // an end port left out is the start port (as the API sets it)
    const ssh = {
      ...olds,
      protocol: "tcp",
      icmpType: undefined,
      icmpCode: undefined,
      startPort: 22,
      endPort: 22,
      cidrList: ["0.0.0.0/0"],
    };
    expect(diffRule(ssh, checkRule(tcp).inputs).changes).toBe(false);
  });

  it("a field whose absence stands for another input's value is written with it, so a change shows it moving", () => {
    // endPort left out is startPort; icmpType and icmpCode left out are -1 on an icmp rule, and none on another
    const tcp = checkRule({ aclId: acl, protocol: "tcp", startPort: 8443, cidrList: ["0.0.0.0/0"] }).inputs;
    expect(tcp).toMatchObject({ startPort: 8443, endPort: 8443 });
    expect(tcp).not.toHaveProperty("icmpType");
    const icmp = checkRule({ aclId: acl, protocol: "icmp", cidrList: ["0.0.0.0/0"] }).inputs;
    expect(icmp).toMatchObject({ icmpType: -1, icmpCode: -1 });
    expect(icmp).not.toHaveProperty("endPort");
    // the rule's port moved: the end moves with it (an update of endPort to 8443, not its removal)
    const olds = {
      aclId: acl,
      number: 3,
      protocol: "tcp",
      startPort: 443,
      endPort: 443,
      cidrList: ["0.0.0.0/0"],
    };
    expect(diffRule({ ...olds, action: "allow", trafficType: "ingress", region: "r" }, tcp)).toMatchObject({
      changes: true,
      replaces: [],
      updates: expect.arrayContaining(["startPort", "endPort"]),
    });
  });

  it("a network's aclId needs a VPC tier and changes in place", () => {
    const tier = {
      name: "t",
      zoneId: zone,
      networkOfferingId: off,
      vpcId: vpc,
      gateway: "10.1.1.1",
      netmask: "255.255.255.0",
      aclId: acl,
    };
    expect(checkNetwork(tier).failures).toEqual([]);
    expect(checkNetwork({ ...tier, vpcId: undefined }).failures.map((f) => f.property)).toEqual(["aclId"]);
    const olds = { ...tier, region: "r", state: "Implemented", displayText: "t" };
    expect(diffNetwork(olds, { ...tier, aclId: vm })).toMatchObject({ changes: true, replaces: [] });
    expect(diffNetwork(olds, { ...tier, aclId: undefined }).changes).toBe(false);
  });
});

describe("VolumeSnapshot and InstanceSnapshot", () => {
  const [checkSnap, diffSnap] = [checker(kinds.VolumeSnapshot), differ(kinds.VolumeSnapshot)];
  const [checkVs, diffVs] = [checker(kinds.InstanceSnapshot), differ(kinds.InstanceSnapshot)];

  it("a volume snapshot names a volume by id and has a name of at most 255 characters", () => {
    expect(checkSnap({ name: "nightly", volumeId: vm }).failures).toEqual([]);
    expect(checkSnap({ name: "nightly", volumeId: "data" }).failures).toEqual([
      {
        property: "volumeId",
        reason: expect.stringMatching(/^volumeId must be an id \(a UUID\), not a name/),
      },
    ]);
    expect(checkSnap({ name: "nightly" }).failures.map((f) => f.property)).toEqual(["volumeId"]);
    expect(checkSnap({ name: "s".repeat(256), volumeId: vm }).failures.map((f) => f.property)).toEqual([
      "name",
    ]);
    expect(checkSnap({ adoptId: vm }).failures).toEqual([]);
  });

  it("nothing of a volume snapshot changes in place: name and volume replace; timeouts change state only", () => {
    const olds = { name: "nightly", volumeId: vm, region: "r", state: "BackedUp" };
    expect(diffSnap(olds, { name: "nightly", volumeId: vm }).changes).toBe(false);
    expect(diffSnap(olds, { name: "weekly", volumeId: vm }).replaces).toEqual(["name"]);
    expect(diffSnap(olds, { name: "nightly", volumeId: zone }).replaces).toEqual(["volumeId"]);
    expect(diffSnap(olds, { name: "nightly", volumeId: vm, timeouts: { create: "1h" } })).toMatchObject({
      changes: true,
      replaces: [],
    });
  });

  it("an instance snapshot's memory is a boolean, false when left out; every field replaces", () => {
    expect(checkVs({ name: "pre", instanceId: vm }).inputs.memory).toBeUndefined();
    expect(checkVs({ name: "pre", instanceId: vm, memory: "yes" }).failures).toEqual([
      { property: "memory", reason: expect.stringMatching(/^memory must be true or false/) },
    ]);
    expect(
      checkVs({ name: "pre", instanceId: vm, description: "d".repeat(256) }).failures.map((f) => f.property),
    ).toEqual(["description"]);
    const olds = { name: "pre", instanceId: vm, memory: false, region: "r", state: "Ready" };
    expect(diffVs(olds, { name: "pre", instanceId: vm }).changes).toBe(false);
    expect(diffVs(olds, { name: "pre", instanceId: vm, memory: false }).changes).toBe(false);
    expect(diffVs(olds, { name: "pre", instanceId: vm, memory: true }).replaces).toEqual(["memory"]);
    expect(diffVs(olds, { name: "pre", instanceId: vm, description: "why" }).replaces).toEqual([
      "description",
    ]);
    expect(diffVs(olds, { name: "pre", instanceId: zone }).replaces).toEqual(["instanceId"]);
  });
});
