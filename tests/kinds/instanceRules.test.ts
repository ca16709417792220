import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { instance } from "../../provider/families/instances/instance";
import {
  powerStateOf,
  refusedWhileRunning,
  rootDiskProblem,
  userDataDigest,
} from "../../provider/families/instances/instanceRules";
import { checkKind, diffKind, outputsOf } from "../../provider/lifecycle/fields";
import { UNKNOWN } from "../../provider/lifecycle/values";

type Rec = Record<string, unknown>;
const checkInstance = (news: Rec) => checkKind(instance, {}, news);
const diffInstance = (olds: Rec, news: Rec) => diffKind(instance, olds, news);
const instanceOutputs = (rec: Rec, live: Rec, region: string, tags: Record<string, string>) =>
  outputsOf(instance, rec, live, region, tags);
/** Partial state of a deploy that cannot be read back: outputs from the inputs alone. */
const recordedInputs = (rec: Rec, region: string) => outputsOf(instance, rec, {}, region);

const zone = "7d1d9c2e-5c1a-5b8e-9a7e-0c1f2e3d4a5b";
const offering = "1b6c2d3e-4f50-5617-8a9b-c0d1e2f3a4b5";
const template = "2c7d3e4f-5061-5728-9bac-d1e2f3a4b5c6";
const template2 = "3d8e4f50-6172-5839-8cbd-e2f3a4b5c6d7";
const net1 = "4e9f5061-7283-594a-9dce-f3a4b5c6d7e8";
const net2 = "5fa06172-8394-5a5b-8edf-a4b5c6d7e8f9";
const iso = "60b17283-94a5-5b6c-9fe0-b5c6d7e8f9a0";
const disk = "71c28394-a5b6-5c7d-8af1-c6d7e8f9a0b1";

const base = { zoneId: zone, serviceOfferingId: offering, templateId: template };

const failuresOf = (news: Record<string, unknown>) => checkInstance(news).failures;

describe("Instance check", () => {
  it("accepts a minimal program", () => {
    expect(failuresOf(base)).toEqual([]);
  });

  it("names missing required fields", () => {
    const f = failuresOf({});
    expect(f.map((x) => x.property)).toEqual(
      expect.arrayContaining(["zoneId", "serviceOfferingId", "templateId"]),
    );
    expect(f.find((x) => x.property === "zoneId")?.reason).toMatch(/^zoneId is required/);
  });

  it("requires host-name characters in name", () => {
    for (const bad of ["web_1", "1web", "web-", "a".repeat(64), "wéb"]) {
      const f = failuresOf({ ...base, name: bad });
      expect(f[0]?.property, bad).toBe("name");
      expect(f[0].reason).toContain("host name");
    }
    expect(failuresOf({ ...base, name: "web-1" })).toEqual([]);
  });

  it("requires isoId and diskOfferingId for imageType iso, and no templateId then", () => {
    const f = failuresOf({ zoneId: zone, serviceOfferingId: offering, imageType: "iso" });
    expect(f.map((x) => x.property).sort()).toEqual(["diskOfferingId", "isoId"]);
    expect(
      failuresOf({
        zoneId: zone,
        serviceOfferingId: offering,
        imageType: "iso",
        isoId: iso,
        diskOfferingId: disk,
      }),
    ).toEqual([]);
    expect(failuresOf({ ...base, isoId: iso })[0].property).toBe("isoId");
    expect(failuresOf({ ...base, imageType: "container" })[0].reason).toContain('"volume" or "snapshot"');
  });

  it("imageType volume needs volumeId and no rootDiskSize; snapshot needs snapshotId; neither id goes elsewhere", () => {
    expect(failuresOf({ ...base, imageType: "volume" }).map((x) => x.property)).toEqual(["volumeId"]);
    expect(failuresOf({ ...base, imageType: "volume", volumeId: disk })).toEqual([]);
    expect(failuresOf({ ...base, imageType: "volume", volumeId: disk, rootDiskSize: 40 })[0]).toMatchObject({
      property: "rootDiskSize",
      reason: expect.stringContaining("the volume is the root disk"),
    });
    expect(failuresOf({ ...base, imageType: "snapshot" }).map((x) => x.property)).toEqual(["snapshotId"]);
    expect(failuresOf({ ...base, imageType: "snapshot", snapshotId: disk, rootDiskSize: 40 })).toEqual([]);
    expect(failuresOf({ ...base, volumeId: disk }).map((x) => x.property)).toEqual(["volumeId"]);
    expect(
      failuresOf({ ...base, imageType: "volume", volumeId: disk, snapshotId: disk }).map((x) => x.property),
    ).toEqual(["snapshotId"]);
  });

  it("requires base64 userData and never names its value", () => {
    const f = failuresOf({ ...base, userData: "#cloud-config\nruncmd: [x]" });
    expect(f).toHaveLength(1);
    expect(f[0].property).toBe("");
    expect(f[0].reason).toContain("userData must be base64-encoded");
    expect(f[0].reason).not.toContain("cloud-config");
    const ok = checkInstance({ ...base, userData: "I2Nsb3VkLWNv\nbmZpZwo=" });
    expect(ok.failures).toEqual([]);
    expect(ok.inputs.userData).toBe("I2Nsb3VkLWNvbmZpZwo=");
  });

  it("takes one SSH key name only", () => {
    expect(failuresOf({ ...base, sshKeyNames: ["a", "b"] })[0].reason).toContain("only the first");
    expect(failuresOf({ ...base, sshKeyNames: ["a"] })).toEqual([]);
  });

  it("checks network ids and fixed addresses", () => {
    expect(failuresOf({ ...base, networkIds: [] })[0].property).toBe("networkIds");
    expect(failuresOf({ ...base, networkIds: [net1, net1] })[0].reason).toContain("twice");
    expect(failuresOf({ ...base, networkIds: ["my-net"] })[0].reason).toContain("UUID");
    const fixed = { networkIds: [net1], ipToNetworkList: [{ networkId: net2, ipAddress: "10.1.1.20" }] };
    expect(failuresOf({ ...base, ...fixed })[0].reason).toContain("not among networkIds");
    const bad = { networkIds: [net1], ipToNetworkList: [{ networkId: net1, ipAddress: "10.1.1.300" }] };
    expect(failuresOf({ ...base, ...bad })[0].reason).toMatch(
      /^ipToNetworkList\[0\]\.ipAddress must be an IPv4/,
    );
  });

  it("checks rootDiskSize and the template minimum", () => {
    expect(failuresOf({ ...base, rootDiskSize: 0 })[0].reason).toContain("at least 1 GB");
    expect(failuresOf({ ...base, rootDiskSize: 10.5 })[0].reason).toContain("whole number");
    expect(rootDiskProblem(8, { name: "Ubuntu 22.04 LTS", minRootDiskSizeGb: 10 })).toContain(
      "smaller than the 10 GB the template Ubuntu 22.04 LTS requires",
    );
    expect(rootDiskProblem(10, { minRootDiskSizeGb: 10 })).toBeUndefined();
    expect(rootDiskProblem(8, undefined)).toBeUndefined();
  });

  it("lets unknown preview values through", () => {
    expect(
      failuresOf({
        ...base,
        networkIds: [UNKNOWN],
        ipToNetworkList: [{ networkId: UNKNOWN, ipAddress: "10.0.0.5" }],
      }),
    ).toEqual([]);
  });
});

/** Old outputs of a deployed instance, as create/read return them. */
const olds = {
  region: "r-1",
  zoneId: zone,
  serviceOfferingId: offering,
  templateId: template,
  imageType: "template",
  rootDiskSize: 10,
  name: "vm-1a2b3c4d",
  displayName: "web",
  networkIds: [net1],
  hypervisor: "KVM",
  powerState: "running",
  haEnabled: false,
  deleteProtection: false,
  tags: { env: "prod", team: "a" },
  state: "Running",
};

const news = {
  region: "r-1",
  zoneId: zone,
  serviceOfferingId: offering,
  templateId: template,
  displayName: "web",
  networkIds: [net1],
  tags: { team: "a", env: "prod" },
};

describe("Instance states as CloudStack reports them", () => {
  it("maps VirtualMachine.State to the program's power state", () => {
    const table: [string, string | undefined][] = [
      ["Starting", "running"],
      ["Running", "running"],
      ["Migrating", "running"],
      ["Stopping", "stopped"],
      ["Stopped", "stopped"],
      ["Error", "error"],
      ["Destroyed", undefined],
      ["Expunging", undefined],
    ];
    for (const [state, power] of table) expect(powerStateOf(state), state).toBe(power);
  });

  it("declares CloudStack's transitional states busy and Destroyed / Expunging gone", () => {
    expect(instance.states).toEqual({
      busy: ["Starting", "Stopping", "Migrating"],
      gone: ["Destroyed", "Expunging"],
      failed: "Error",
    });
  });

  it("knows a scale the platform refuses while the instance runs (stop, scale, start helps)", () => {
    // server/src/main/java/com/cloud/vm/UserVmManagerImpl.java, upgradeRunningVirtualMachine (apache/cloudstack)
    expect(
      refusedWhileRunning(
        "Unable to scale VM[User|i-2-5-VM] as it does not have tools to support dynamic scaling.",
      ),
    ).toBe(true);
    expect(
      refusedWhileRunning(
        "Unable to Scale the vm: 6f1c… as vm does not have tools to support dynamic scaling",
      ),
    ).toBe(true);
    expect(
      refusedWhileRunning(
        "Dynamically scaling virtual machines is disabled for this zone, please contact your admin.",
      ),
    ).toBe(true);
    // Not a reason stopping cures: the cluster has no room, or the allowance is used up.
    expect(refusedWhileRunning("Unable to scale VM[User|i-2-5-VM] due to insufficient resources.")).toBe(
      false,
    );
    expect(
      refusedWhileRunning(
        "Maximum number of resources of type 'cpu' for account name=u in domain id=1 has been exceeded.",
      ),
    ).toBe(false);
    expect(refusedWhileRunning(undefined)).toBe(false);
  });
});

describe("Instance diff", () => {
  it("shows no changes when the program matches (normalised values, API defaults)", () => {
    expect(diffInstance(olds, news)).toMatchObject({ changes: false, replaces: [] });
    // hypervisor case, a set rootDiskSize equal to the template default, whitespace in userData
    expect(
      diffInstance(
        { ...olds, userDataHash: userDataDigest("YWJj") },
        { ...news, hypervisor: "kvm", rootDiskSize: 10, userData: "YW\nJj" },
      ).changes,
    ).toBe(false);
  });

  it("compares userData by the digest outputs record, also with state of earlier versions", () => {
    const digest = userDataDigest("YWJj");
    expect(digest).toBe(createHash("sha256").update("YWJj").digest("hex"));
    expect(userDataDigest("YW\nJj ")).toBe(digest);
    const recorded = { ...olds, userDataHash: digest };
    expect(diffInstance(recorded, { ...news, userData: "YWJj" }).changes).toBe(false);
    expect(diffInstance(recorded, { ...news, userData: "YWJk" }).replaces).toEqual(["userData"]);
    // left out of the program: keeps what was deployed
    expect(diffInstance(recorded, news).changes).toBe(false);
    // state written before the digest: the payload itself as the userData output
    const legacy = { ...olds, userData: "YWJj" };
    expect(diffInstance(legacy, { ...news, userData: "YW\nJj" }).changes).toBe(false);
    expect(diffInstance(legacy, { ...news, userData: "YWJk" }).replaces).toEqual(["userData"]);
    // nothing recorded (adopted or imported without userData): adding it replaces
    expect(diffInstance(olds, { ...news, userData: "YWJj" }).replaces).toEqual(["userData"]);
  });

  it("updates display name and tags in place", () => {
    const d = diffInstance(olds, { ...news, displayName: "web-2", tags: { env: "stage", team: "a" } });
    expect(d).toMatchObject({ changes: true, replaces: [], deleteBeforeReplace: false });
    expect(d.updates.sort()).toEqual(["displayName", "tags"]);
  });

  it("updates offering, power state, flags and name in place", () => {
    const d = diffInstance(olds, {
      ...news,
      serviceOfferingId: template2,
      powerState: "stopped",
      haEnabled: true,
      deleteProtection: true,
      name: "web-1",
    });
    expect(d.replaces).toEqual([]);
    expect(d.updates.sort()).toEqual([
      "deleteProtection",
      "haEnabled",
      "name",
      "powerState",
      "serviceOfferingId",
    ]);
  });

  it("restores drift seen by refresh: a stopped instance, an added tag", () => {
    const drifted = { ...olds, powerState: "stopped", state: "Stopped", tags: { ...olds.tags, extra: "x" } };
    expect(diffInstance(drifted, news).updates.sort()).toEqual(["powerState", "tags"]);
  });

  it("replaces on template, zone, networks, userData and region changes", () => {
    expect(diffInstance(olds, { ...news, templateId: template2 }).replaces).toEqual(["templateId"]);
    expect(diffInstance(olds, { ...news, zoneId: template2 }).replaces).toEqual(["zoneId"]);
    expect(diffInstance(olds, { ...news, networkIds: [net1, net2] }).replaces).toEqual(["networkIds"]);
    expect(diffInstance(olds, { ...news, userData: "YWJj" }).replaces).toEqual(["userData"]);
    expect(diffInstance(olds, { ...news, region: "r-2" }).replaces).toEqual(["region"]);
  });

  it("deletes before replacing when the unique name or a fixed address would collide", () => {
    const named = { ...olds, name: "web-1" };
    expect(diffInstance(named, { ...news, name: "web-1", templateId: template2 }).deleteBeforeReplace).toBe(
      true,
    );
    expect(diffInstance(named, { ...news, name: "web-2", templateId: template2 }).deleteBeforeReplace).toBe(
      false,
    );
    expect(diffInstance(olds, { ...news, templateId: template2 }).deleteBeforeReplace).toBe(false);
    const fixed = [{ networkId: net1, ipAddress: "10.1.1.20" }];
    expect(
      diffInstance(
        { ...olds, ipToNetworkList: fixed },
        { ...news, ipToNetworkList: fixed, templateId: template2 },
      ),
    ).toMatchObject({
      deleteBeforeReplace: true,
      deletesFirstWhy: `the new one keeps address 10.1.1.20 on network ${net1}, which two instances cannot share`,
    });
    // why, as the preview's warning says it
    expect(diffInstance(named, { ...news, name: "web-1", templateId: template2 }).deletesFirstWhy).toBe(
      "the new one keeps host name web-1, which two instances of a region cannot share",
    );
    expect(diffInstance(named, { ...news, name: UNKNOWN, templateId: template2 }).deletesFirstWhy).toMatch(
      /^its host name is not known yet and may be the old one's/,
    );
    // another region: nothing collides
    expect(diffInstance(named, { ...news, name: "web-1", region: "r-2" }).deleteBeforeReplace).toBe(false);
  });

  it("replaces an instance whose deploy failed (state Error)", () => {
    const d = diffInstance({ ...olds, state: "Error", powerState: "error" }, news);
    expect(d.replaces).toContain("state");
  });

  it("treats unknown preview values as changes", () => {
    expect(diffInstance(olds, { ...news, networkIds: [UNKNOWN] }).replaces).toEqual(["networkIds"]);
    expect(diffInstance(olds, { ...news, displayName: UNKNOWN }).updates).toEqual(["displayName"]);
  });

  it("ignores adoptId after creation and records timeouts without replacing", () => {
    expect(diffInstance(olds, { ...news, adoptId: zone }).changes).toBe(false);
    expect(diffInstance(olds, { ...news, timeouts: { create: "5m" } })).toMatchObject({
      changes: true,
      replaces: [],
    });
  });
});

describe("Instance outputs", () => {
  const live = { id: "i-1", name: "vm-1", state: "Running", zoneId: zone, serviceOfferingId: offering };

  it("record the userData digest, never the payload (create, adoption, update, read)", () => {
    const fromInputs = instanceOutputs({ ...news, userData: "YWJj" }, live as never, "r-1", {});
    expect(fromInputs).not.toHaveProperty("userData");
    expect(fromInputs.userDataHash).toBe(userDataDigest("YWJj"));
    // update and read start from the old outputs: the digest is kept
    const again = instanceOutputs(fromInputs as never, live as never, "r-1", {});
    expect(again.userDataHash).toBe(userDataDigest("YWJj"));
    expect(JSON.stringify(again)).not.toContain("YWJj");
    // old outputs of an earlier version (the payload): rewritten as the digest
    const migrated = instanceOutputs({ ...olds, userData: "YWJj" } as never, live as never, "r-1", {});
    expect(migrated).not.toHaveProperty("userData");
    expect(migrated.userDataHash).toBe(userDataDigest("YWJj"));
    // no userData: no digest
    expect(instanceOutputs(news, live as never, "r-1", {})).not.toHaveProperty("userDataHash");
  });

  it("partial state of a deploy that cannot be read back records the digest too", () => {
    const outs = recordedInputs({ ...news, userData: "YWJj" }, "r-1");
    expect(outs).not.toHaveProperty("userData");
    expect(outs).toMatchObject({ displayName: "web", region: "r-1", userDataHash: userDataDigest("YWJj") });
  });
});
