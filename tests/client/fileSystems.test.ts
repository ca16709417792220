// The file system family of the client against the emulator: the spec's envelope read as one record (a 404 is
// NotFoundError), create and resize as jobs, a shrink and an offering change while running refused in their job
// with the platform's text (a JobFailedError), the rename by query parameters, stop / offering / start, the synchronous destroy, and a lost
// create found among the recent jobs and never sent twice.
import { describe, expect, it } from "vitest";
import { type CimClient, JobFailedError, NotFoundError } from "../../provider/client";
import { fastWait, isolatedNetwork, useHarness } from "./emulatorHarness";

let client: CimClient;
let networkId: string;
let custom: string;
let medium: string;
let large: string;

const t = useHarness((c) => {
  client = c;
});
const { hits } = t;

async function setup() {
  networkId = await isolatedNetwork(client, t.cat, "fs");
  custom = (await client.catalogue.diskOfferings()).find((d) => d.customized)!.id;
  const offerings = await client.catalogue.computeOfferings();
  medium = offerings.find((o) => o.name === "Medium")!.id;
  large = offerings.find((o) => o.name === "Large")!.id;
}

const input = (name: string, size = 10) => ({
  name,
  zoneId: t.cat.zoneId,
  networkId,
  diskOfferingId: custom,
  size,
  serviceOfferingId: medium,
  filesystem: "EXT4",
});

describe("client.fileSystems against the emulator", () => {
  it("create (a job), get from the envelope, list by network, rename, resize, shrink refused, destroy; 404 after", async () => {
    await setup();
    const made = await client.fileSystems.create({ ...input("share"), description: "assets" });
    expect(made.jobId).toBeDefined();
    expect((await client.jobs.wait(made, fastWait))?.status).toBe("success");
    const fs = await client.fileSystems.get(made.id!);
    expect(fs).toMatchObject({
      name: "share",
      description: "assets",
      networkId,
      state: "Ready",
      filesystem: "EXT4",
      path: "/mnt/fs/share",
      size: 10 * 1024 ** 3,
    });
    expect(fs.ipAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect((await client.fileSystems.listAll({ networkId })).items.map((f) => f.id)).toEqual([fs.id]);
    expect((await client.fileSystems.update(fs.id, { name: "share-2" })).name).toBe("share-2");
    await client.jobs.wait(await client.fileSystems.resize(fs.id, { size: 30 }), fastWait);
    expect((await client.fileSystems.get(fs.id)).size).toBe(30 * 1024 ** 3);
    const shrink = await client.jobs
      .wait(await client.fileSystems.resize(fs.id, { size: 20 }), fastWait)
      .catch((e) => e);
    expect(shrink).toBeInstanceOf(JobFailedError);
    expect(shrink.detail).toMatch(/would shrink the volume/);
    const destroyed = await client.fileSystems.delete(fs.id, { forced: true, expunge: true });
    expect(destroyed.jobId).toBeUndefined();
    await expect(client.fileSystems.get(fs.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("the service offering changes only while Stopped: stop, change, start, each a job", async () => {
    await setup();
    const made = await client.fileSystems.create(input("svc"));
    await client.jobs.wait(made, fastWait);
    const id = made.id!;
    const running = await client.jobs
      .wait(await client.fileSystems.changeServiceOffering(id, large), fastWait)
      .catch((e) => e);
    expect(running).toBeInstanceOf(JobFailedError);
    expect(running.detail).toMatch(/can be changed only if it is in \[Stopped\] state/);
    await client.jobs.wait(await client.fileSystems.stop(id), fastWait);
    await client.jobs.wait(await client.fileSystems.changeServiceOffering(id, large), fastWait);
    await client.jobs.wait(await client.fileSystems.start(id), fastWait);
    expect(await client.fileSystems.get(id)).toMatchObject({ state: "Ready", serviceOfferingName: "Large" });
    // destroyed without expunge: still read (Destroyed), until expunged by a job
    await client.fileSystems.delete(id, { forced: true });
    expect((await client.fileSystems.get(id)).state).toBe("Destroyed");
    await client.jobs.wait(await client.fileSystems.expunge(id), fastWait);
    await expect(client.fileSystems.get(id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a create whose answer was lost after it landed is adopted from the recent jobs, not sent twice", async () => {
    await setup();
    await t.h.control.fault({ method: "POST", route: "/filesystems", action: "drop-after", times: 1 });
    const made = await client.fileSystems.create(input("lost"));
    expect(made.adopted).toBe(true);
    expect(await hits("POST /api/v1/filesystems")).toBe(1);
    await client.jobs.wait(made, fastWait);
    expect((await client.fileSystems.listAll({ name: "lost" })).items).toHaveLength(1);
  });
});
