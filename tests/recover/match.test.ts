// recover's matching, in process against the emulator: which record an interrupted create made. The pending
// creates are read from a checkpoint as `pulumi stack export` prints it (both type tokens), and the answer is
// written back into one.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Emulator, EmulatorControl, startEmulator } from "../../emulator";
import type { Job } from "../../provider/client";
import { CimClient } from "../../provider/client";
import { recordedApiCalls } from "../../provider/kinds/apiCallsData";
import { isCreateJob, lookUp, windowHours } from "../../provider/recover/match";
import { applyResolutions, readCheckpoint } from "../../provider/recover/pending";

const KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMj+Z95qjDlVsd155q2L8M8zifUxVLavt4nnnAvPq9hR ops@example";

let emu: Emulator;
let ctl: EmulatorControl;
let client: CimClient;
let zoneId: string;
let vpcOfferingId: string;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, jobLatencyMs: 0 });
  ctl = await EmulatorControl.of(emu);
  // a day: the last test sets the server's clock three hours on, and expiry follows it
  client = new CimClient({
    baseUrl: emu.url,
    token: await emu.token({ ttlSeconds: 86_400 }),
    retry: { maxRetries: 0 },
  });
  zoneId = (await client.catalogue.zones())[0].id;
  vpcOfferingId = (await client.catalogue.vpcOfferings())[0].id;
});
afterAll(() => emu?.close());

const URN = (type: string, name: string) => `urn:pulumi:dev::proj::${type}::${name}`;

/** A checkpoint with a pending create of `type` named `name` with `inputs`, and `held` as recorded resources. */
function checkpoint(
  type: string,
  name: string,
  inputs: Record<string, unknown>,
  held: [string, string][] = [],
) {
  return {
    version: 3,
    deployment: {
      manifest: { time: new Date().toISOString() },
      resources: held.map(([t, id], i) => ({ urn: URN(t, `held${i}`), type: t, custom: true, id })),
      pending_operations: [
        {
          type: "creating",
          resource: { urn: URN(type, name), type, custom: true, inputs: { __provider: "shim", ...inputs } },
        },
      ],
    },
  };
}

async function vpc(name: string, cidr: string): Promise<string> {
  const accepted = await client.vpcs.create({ name, displayText: name, zoneId, cidr, vpcOfferingId });
  await client.jobs.wait(accepted);
  return accepted.id as string;
}

async function find(exported: any, hoursBack = 1) {
  const view = readCheckpoint(exported);
  expect(view.creates).toHaveLength(1);
  return lookUp(client, view.creates[0], { held: view.held, hoursBack });
}

describe("which record a pending create made", () => {
  test("one record with its values, made within the window: the answer (either type token)", async () => {
    const id = await vpc("one", "10.61.0.0/16");
    const inputs = { name: "one", zoneId, cidr: "10.61.0.0/16", vpcOfferingId };
    for (const type of ["pulumi-nodejs:dynamic/cim:Vpc", "cim:index:Vpc"]) {
      const l = await find(checkpoint(type, "one", inputs));
      expect(l.candidates.map((c) => [c.id, c.name, c.madeBy])).toEqual([[id, "one", "createVPC"]]);
    }
  });

  test("no record with its values: none (another name or another range is another record)", async () => {
    await vpc("two", "10.62.0.0/16");
    const l = await find(
      checkpoint("pulumi-nodejs:dynamic/cim:Vpc", "two", {
        name: "two",
        zoneId,
        cidr: "10.63.0.0/16",
        vpcOfferingId,
      }),
    );
    expect(l).toMatchObject({ lookAlikes: 0, candidates: [] });
    const renamed = await find(
      checkpoint("pulumi-nodejs:dynamic/cim:Vpc", "x", {
        name: "other",
        zoneId,
        cidr: "10.62.0.0/16",
        vpcOfferingId,
      }),
    );
    expect(renamed.candidates).toEqual([]);
  });

  test("several made within the window: every one is a candidate (recover asks)", async () => {
    const a = await vpc("twin", "10.64.0.0/16");
    const b = await vpc("twin", "10.64.0.0/16");
    const l = await find(
      checkpoint("pulumi-nodejs:dynamic/cim:Vpc", "twin", {
        name: "twin",
        zoneId,
        cidr: "10.64.0.0/16",
        vpcOfferingId,
      }),
    );
    expect(l.candidates.map((c) => c.id).sort()).toEqual([a, b].sort());
  });

  test("two made within the window alike in what cannot change: the one holding every value given", async () => {
    // two rules of one list, both of the interrupted run (soak): only the list cannot change in place
    const on = await vpc("ruled", "10.69.0.0/16");
    const list = await client.networkAcls.createList({ name: "web", vpcId: on });
    await client.jobs.wait(list);
    /** A tcp rule of one port, as the create asked it and as it is made. */
    const ruleOf = (port: number) => ({
      aclId: list.id!,
      protocol: "tcp",
      startPort: port,
      endPort: port,
      cidrList: ["0.0.0.0/0"],
      action: "allow",
      trafficType: "ingress",
    });
    const rule = async (port: number) => {
      const made = await client.networkAcls.createRule(ruleOf(port));
      await client.jobs.wait(made);
      return made.id!;
    };
    const ssh = await rule(22);
    const http = await rule(80);
    const pending = (port: number) => find(checkpoint("cim:index:NetworkAclRule", `r${port}`, ruleOf(port)));
    expect(await pending(22)).toMatchObject({ candidates: [expect.objectContaining({ id: ssh })], among: 2 });
    expect(await pending(80)).toMatchObject({
      candidates: [expect.objectContaining({ id: http })],
      among: 2,
    });
    // neither holding every value given: recover asks
    expect((await pending(443)).candidates.map((c) => c.id).sort()).toEqual([ssh, http].sort());
  });

  test("a record the state already holds is not a candidate", async () => {
    const held = await vpc("held", "10.65.0.0/16");
    const fresh = await vpc("held", "10.65.0.0/16");
    const l = await find(
      checkpoint(
        "pulumi-nodejs:dynamic/cim:Vpc",
        "held",
        { name: "held", zoneId, cidr: "10.65.0.0/16", vpcOfferingId },
        [["pulumi-nodejs:dynamic/cim:Vpc", held]],
      ),
    );
    expect(l.candidates.map((c) => c.id)).toEqual([fresh]);
  });

  test("a create the API answers without a job is found through its audit row", async () => {
    const accepted = await client.sshKeyPairs.register({ name: "ops-recover", publicKey: KEY });
    const l = await find(checkpoint("cim:index:SshKeyPair", "ops", { name: "ops-recover", publicKey: KEY }));
    expect(l.candidates.map((c) => [c.id, c.madeBy])).toEqual([[accepted.id, "audit"]]);
  });

  test("a record the API lists only under the resource it is on (a comment) is found under the one the inputs name", async () => {
    const on = await vpc("commented", "10.67.0.0/16");
    const made = await client.comments.add({ kind: "vpc", id: on }, { annotation: "recovered" });
    const l = await find(
      checkpoint("pulumi-nodejs:dynamic/cim:Comment", "note", { vpcId: on, text: "recovered" }),
    );
    expect(l.candidates.map((c) => c.id)).toEqual([made.id]);
  });

  test("a VPC joined to a multi-region group (a member made by the join's job) is found", async () => {
    const on = await vpc("joined", "10.68.0.0/16");
    const regionId = emu.regions.find((r) => r.primary)!.id;
    const group = await client.multiRegions.create({ name: "mesh-recover" });
    const joined = await client.multiRegions.addVpc(group.id!, { regionId, vpcId: on });
    await client.jobs.wait(joined);
    const l = await find(
      checkpoint("pulumi-nodejs:dynamic/cim:MultiRegionGroupVpc", "member", { groupId: group.id, vpcId: on }),
    );
    expect(l.candidates.map((c) => [c.id, c.madeBy])).toEqual([[joined.id, "assignToMultiRegionGroup"]]);
  });

  // Whatever a kind's create is called, the job that makes its record must read as a create, or recover drops a
  // pending create whose record exists (the record then leaks, and the next up is refused as a duplicate).
  test.each(
    Object.entries(recordedApiCalls()).flatMap(([kind, calls]) =>
      calls.create[0]?.waitsFor ? [[kind, calls.create[0].waitsFor] as const] : [],
    ),
  )("%s: the job its create waits for (%s) reads as a create", (_kind, command) => {
    expect(isCreateJob({ command } as Job)).toBe(true);
  });

  // last: it moves the server's clock on
  test("a look-alike made before the window (its create job and audit row older) is left alone", async () => {
    await vpc("old", "10.66.0.0/16");
    await ctl.clock({ skewMs: 3 * 3_600_000 });
    const exported = checkpoint("pulumi-nodejs:dynamic/cim:Vpc", "old", {
      name: "old",
      zoneId,
      cidr: "10.66.0.0/16",
      vpcOfferingId,
    });
    expect(await find(exported, 1)).toMatchObject({
      lookAlikes: 1,
      candidates: [],
      earlier: [expect.objectContaining({ name: "old" })],
    });
    // a window that reaches back to it: found
    expect((await find(exported, 4)).candidates).toHaveLength(1);
  });
});

describe("the checkpoint", () => {
  test("pending creates of both paths are read; other operations and other providers' creates are not", () => {
    const exported: any = checkpoint("cim:index:Vpc", "a", {
      name: "a",
      secret: { "4dabf18193072939515e22adb298388d": "x" },
    });
    exported.deployment.pending_operations.push(
      { type: "creating", resource: { urn: URN("aws:s3:Bucket", "b"), type: "aws:s3:Bucket" } },
      {
        type: "deleting",
        resource: {
          urn: URN("pulumi-nodejs:dynamic/cim:Vpc", "c"),
          type: "pulumi-nodejs:dynamic/cim:Vpc",
          id: "c1",
        },
      },
    );
    const view = readCheckpoint(exported);
    expect(view.creates.map((c) => [c.kind.name, c.path, c.name, c.inputs])).toEqual([
      ["Vpc", "native", "a", { name: "a" }],
    ]);
    expect(view.others).toHaveLength(2);
  });

  test("a resolved create is recorded with its id (its inputs as outputs until the refresh); a dropped one is gone", () => {
    const exported: any = checkpoint("pulumi-nodejs:dynamic/cim:Vpc", "a", { name: "a" }, [
      ["pulumi:providers:pulumi-nodejs", "p"],
    ]);
    exported.deployment.pending_operations.push({
      type: "creating",
      resource: {
        urn: URN("pulumi-nodejs:dynamic/cim:Vpc", "b"),
        type: "pulumi-nodejs:dynamic/cim:Vpc",
        inputs: {},
      },
    });
    const out = applyResolutions(exported, [
      { urn: URN("pulumi-nodejs:dynamic/cim:Vpc", "a"), id: "v1" },
      { urn: URN("pulumi-nodejs:dynamic/cim:Vpc", "b") },
    ]);
    expect(out.deployment.pending_operations).toEqual([]);
    const added = out.deployment.resources?.find((r) => r.urn === URN("pulumi-nodejs:dynamic/cim:Vpc", "a"));
    expect(added).toMatchObject({
      id: "v1",
      inputs: { __provider: "shim", name: "a" },
      outputs: { __provider: "shim", name: "a" },
    });
    expect(out.deployment.resources).toHaveLength(2);
  });

  /** Of a checkpoint with "a" pending a create, the state after its record "new" is found, when "old" was there. */
  const afterReplacement = (type: string, old: Record<string, unknown>) => {
    const urn = URN(type, "a");
    const exported: any = checkpoint(type, "a", { name: "a" });
    exported.deployment.resources.push({ urn, type, custom: true, id: "old", ...old });
    const out = applyResolutions(exported, [{ urn, id: "new" }]);
    return out.deployment.resources?.filter((r) => r.urn === urn).map((r) => [r.id, r.delete ?? false]);
  };

  test("a replacement's new record is recorded after the one it replaces, which is marked for deletion", () => {
    expect(afterReplacement("pulumi-nodejs:dynamic/cim:Vpc", {})).toEqual([
      ["old", true],
      ["new", false],
    ]);
  });

  test("a replacement's new record goes before the resources that depend on it, after what it needs", () => {
    // seed 13551, round 16: an SSH key pair replaced (create first), an instance naming it unvisited after it
    const key = URN("cim:index:SshKeyPair", "ops");
    const vm = URN("cim:index:Instance", "web");
    const provider = URN("pulumi:providers:cim", "default");
    const exported: any = checkpoint("cim:index:SshKeyPair", "ops", { name: "ops-2" });
    exported.deployment.pending_operations[0].resource.provider = `${provider}::p-1`;
    exported.deployment.resources.push(
      { urn: provider, type: "pulumi:providers:cim", custom: true, id: "p-1" },
      { urn: key, type: "cim:index:SshKeyPair", custom: true, id: "old", provider: `${provider}::p-1` },
      { urn: vm, type: "cim:index:Instance", custom: true, id: "vm-1", dependencies: [key] },
    );
    const out = applyResolutions(exported, [{ urn: key, id: "new" }]);
    expect(out.deployment.resources?.map((r) => [r.urn, r.id, r.delete ?? false])).toEqual([
      [provider, "p-1", false],
      [key, "old", true],
      [key, "new", false],
      [vm, "vm-1", false],
    ]);
  });

  test("a delete-before-replace replacement's new record takes the place of the old one, deleted already", () => {
    // the engine deleted the old key pair first and keeps its record as pending the replacement until the
    // replacement's create ends; a run killed in between leaves both
    expect(afterReplacement("cim:index:SshKeyPair", { pendingReplacement: true })).toEqual([["new", false]]);
  });

  test("the window covers the time since the checkpoint was written, and an hour more", () => {
    const now = Date.now();
    expect(windowHours(now - 10 * 60_000, now)).toBe(2);
    expect(windowHours(now - 5 * 3_600_000, now)).toBe(6);
    expect(windowHours(undefined, now)).toBe(1);
  });
});
