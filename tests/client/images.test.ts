// The template and ISO families of the client: the body of the spec's Update Template Permissions built from typed
// fields (only the spec's keys, spelt as the spec spells them), and the calls against the emulator: register (a
// job, the download) and the record's derived state, filters, update, permissions read back without the owner,
// delete, and lost answers (a dropped register is adopted from the jobs, a dropped permissions change is seen
// applied and not sent twice).
import { describe, expect, it } from "vitest";
import {
  BadRequestError,
  type CimClient,
  imagePermissionsBody,
  NotFoundError,
  PermissionDeniedError,
  type RegisterImageInput,
} from "../../provider/client";
import { fastWait, useHarness } from "./emulatorHarness";

/** The keys of the spec's "Update template permissions" body. */
const SPEC_KEYS = ["ispublic", "isextractable", "isfeatured", "accounts", "projectids", "op"];

describe("the Update Template Permissions body", () => {
  it("carries only the spec's keys, lower case, the lists comma-separated; what is not given is left out", () => {
    const body = imagePermissionsBody({
      isPublic: true,
      isFeatured: false,
      isExtractable: true,
      accounts: ["team-a", "team-b"],
      op: "add",
    });
    expect(body).toEqual({
      ispublic: true,
      isfeatured: false,
      isextractable: true,
      accounts: "team-a,team-b",
      op: "add",
    });
    expect(Object.keys(imagePermissionsBody({ projectIds: ["p"], op: "remove" }))).toEqual([
      "projectids",
      "op",
    ]);
    // whatever a caller passes beyond the typed fields is not sent
    const loose = { isPublic: true, public: true, isPublicTemplate: true } as never;
    expect(imagePermissionsBody(loose)).toEqual({ ispublic: true });
    for (const k of Object.keys(
      imagePermissionsBody({
        isPublic: true,
        isFeatured: true,
        isExtractable: true,
        accounts: ["a"],
        projectIds: ["p"],
        op: "reset",
      }),
    ))
      expect(SPEC_KEYS).toContain(k);
  });
});

describe("templates and ISOs against the emulator", () => {
  let client: CimClient;
  const t = useHarness((c) => {
    client = c;
  });
  const { hits } = t;

  async function input(extra: Partial<RegisterImageInput> = {}): Promise<RegisterImageInput> {
    const os = (await client.catalogue.osTypes()).find((o) => o.description === "Ubuntu 22.04 (64-bit)")!;
    return {
      name: "golden",
      url: "https://images.example.com/golden.qcow2",
      zoneId: t.cat.zoneId,
      format: "QCOW2",
      hypervisor: "KVM",
      osTypeId: os.id,
      ...extra,
    };
  }

  it("register is a job; the record is Downloading, then Ready; filters, update, delete; 404 after", async () => {
    await t.h.control.jobMode("clock", { latencyMs: 1000 });
    const made = await client.templates.register(await input());
    expect(made.jobId).toBeTruthy();
    expect((await client.templates.get(made.id!)).state).toBe("Downloading");
    await t.h.control.advanceClock(1000);
    await client.jobs.wait(made, fastWait);
    await t.h.control.jobMode("timed", { latencyMs: 0 });
    const ready = await client.templates.get(made.id!);
    expect(ready).toMatchObject({
      state: "Ready",
      isReady: true,
      status: "Download Complete",
      name: "golden",
    });
    expect((await client.templates.listAll()).items.map((x) => x.id)).toEqual([made.id]);
    expect((await client.templates.list({ filter: "featured" })).map((x) => x.id)).not.toContain(made.id);
    expect((await client.catalogue.templates()).map((x) => x.id)).toContain(made.id);
    const renamed = await client.templates.update(made.id!, { name: "golden-2", passwordEnabled: true });
    expect(renamed).toMatchObject({ name: "golden-2", passwordEnabled: true });
    await client.jobs.wait(await client.templates.delete(made.id!), fastWait);
    await expect(client.templates.get(made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("a failed download reads as state Error with the platform's text", async () => {
    await t.h.control.fault({
      method: "POST",
      route: "/templates",
      times: 1,
      jobFail: { detail: "Download file size is too large" },
    });
    const made = await client.templates.register(await input());
    await expect(client.jobs.wait(made, fastWait)).rejects.toThrow(/Download file size is too large/);
    expect(await client.templates.get(made.id!)).toMatchObject({
      state: "Error",
      isReady: false,
      status: "Download file size is too large",
    });
  });

  it("ISOs are their own collection; refusals keep their type", async () => {
    const iso = await client.isos.register({
      ...(await input()),
      url: "https://images.example.com/rescue.iso",
      format: undefined,
    });
    await client.jobs.wait(iso, fastWait);
    expect(await client.isos.get(iso.id!)).toMatchObject({ state: "Ready", bootable: true, format: "ISO" });
    await expect(client.templates.get(iso.id!)).rejects.toBeInstanceOf(BadRequestError);
    const bad = await client.templates
      .register(await input({ url: "https://images.example.com/golden.iso" }))
      .catch((e) => e);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.message).toContain("is an invalid for the format qcow2");
    const [featured] = await client.templates.list({ filter: "featured" });
    const notOurs = await client.templates
      .updatePermissions(featured.id, { isPublic: false })
      .catch((e) => e);
    expect(notOurs).toBeInstanceOf(PermissionDeniedError);
  });

  it("permissions: add, read back without the owner, remove, reset", async () => {
    await t.h.control.user("user-2");
    const made = await client.templates.register(await input());
    await client.jobs.wait(made, fastWait);
    const id = made.id!;
    const sync = await client.templates.updatePermissions(id, {
      op: "add",
      accounts: ["user-2"],
      isExtractable: true,
    });
    expect(sync).toMatchObject({ id, jobId: undefined });
    expect(await client.templates.permissions(id)).toEqual({
      id,
      isPublic: false,
      isFeatured: false,
      isExtractable: true,
      accounts: ["user-2"],
      projectIds: [],
      account: "user-1",
    });
    await client.templates.updatePermissions(id, { op: "remove", accounts: ["user-2"], isPublic: true });
    expect(await client.templates.permissions(id)).toMatchObject({ isPublic: true, accounts: [] });
    await client.templates.updatePermissions(id, { op: "reset" });
    expect(await client.templates.permissions(id)).toMatchObject({
      isPublic: false,
      isFeatured: false,
      accounts: [],
    });
  });

  it("a register whose answer was lost after it landed is adopted from the jobs, not sent again", async () => {
    await t.h.control.fault({ method: "POST", route: "/templates", action: "drop-after", times: 1 });
    // The platform writes the format and the hypervisor in its own case: the same request all the same.
    const made = await client.templates.register(await input({ format: "qcow2", hypervisor: "kvm" }));
    expect(made.adopted).toBe(true);
    expect(await hits("POST /api/v1/templates")).toBe(1);
    expect((await client.templates.listAll()).items.map((x) => x.id)).toEqual([made.id]);
  });

  it("a permissions change whose answer was lost is seen applied and not sent again", async () => {
    await t.h.control.user("user-2");
    const made = await client.templates.register(await input());
    await client.jobs.wait(made, fastWait);
    await t.h.control.resetRequests();
    await t.h.control.fault({
      method: "PUT",
      route: "/templates/{id}/permissions",
      action: "drop-after",
      times: 1,
    });
    const done = await client.templates.updatePermissions(made.id!, { op: "add", accounts: ["user-2"] });
    expect(done.id).toBe(made.id);
    expect(await hits("PUT /api/v1/templates/{id}/permissions")).toBe(1);
    expect((await client.templates.permissions(made.id!)).accounts).toEqual(["user-2"]);
  });

  it("OS types are a catalogue read, the same in every region", async () => {
    const here = await client.catalogue.osTypes();
    expect(here.map((o) => o.name)).toContain("Debian GNU/Linux 12 (64-bit)");
    expect(await client.catalogue.osTypes({ region: t.h.secondary })).toEqual(here);
  });
});
