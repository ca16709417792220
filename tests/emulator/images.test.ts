// Templates and ISOs accounts register (not shown by the spec beyond "templates and ISOs" and Update Template
// Permissions; CloudStack's registerTemplate / registerIso, listTemplates filters, updateTemplate, deleteTemplate
// and updateTemplatePermissions, emulator/README.md): the download as a job, readiness, CloudStack's refusals,
// launch permissions and who sees what, deploying from a registered image, and the `template` allowance.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Api, type Catalogue, expectErrorBody, UUID } from "./harness";

let api: Api;
let c: Catalogue;
let other: string;
beforeAll(async () => {
  ({ api, c } = await Api.withCatalogue());
  other = await api.emu.token({ sub: "user-2" });
});
afterAll(() => api.close());
beforeEach(async () => {
  await api.control.reset();
  await api.control.jobMode("timed", { latencyMs: 0 });
  await api.control.user("user-2");
});

const ubuntu = "Ubuntu 22.04 (64-bit)";
async function osTypeId(name = ubuntu): Promise<string> {
  return (await api.ok<any[]>("GET", "/os-types")).find((o) => o.description === name).id;
}

async function templateBody(extra: Record<string, unknown> = {}) {
  return {
    name: "golden",
    url: "https://images.example.com/golden.qcow2",
    zoneId: c.zone.id,
    format: "qcow2",
    hypervisor: "kvm",
    osTypeId: await osTypeId(),
    ...extra,
  };
}

/** A registered template, once its download (the job) has ended. */
async function template(extra: Record<string, unknown> = {}) {
  return api.created(await api.post("/templates", { body: await templateBody(extra) }), "/templates");
}

async function iso(extra: Record<string, unknown> = {}) {
  const body = {
    name: "rescue",
    url: "https://images.example.com/rescue.iso",
    zoneId: c.zone.id,
    osTypeId: await osTypeId("Other Linux (64-bit)"),
    ...extra,
  };
  return api.created(await api.post("/isos", { body }), "/isos");
}

const ids = (rows: any[]) => rows.map((r) => r.id);

describe("registering a template", () => {
  it("is a job: the download shows its progress, then the template is ready (CloudStack's status texts)", async () => {
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const res = await api.ok("POST", "/templates", { body: await templateBody() });
    expect(res.jobId).toBeTruthy();
    expect(res.id).toMatch(UUID);
    const before = await api.ok("GET", `/templates/${res.id}`);
    expect(before).toMatchObject({
      isReady: false,
      status: "0% Downloaded",
      format: "QCOW2",
      hypervisor: "KVM",
    });
    expect(before.downloadDetails[0]).toMatchObject({
      downloadPercent: 0,
      downloadState: "DOWNLOAD_IN_PROGRESS",
    });
    await api.control.advanceClock(400);
    expect((await api.ok("GET", `/templates/${res.id}`)).status).toBe("40% Downloaded");
    await api.control.advanceClock(600);
    expect((await api.waitJob(res.jobId)).status).toBe("success");
    const t = await api.ok("GET", `/templates/${res.id}`);
    expect(t).toMatchObject({
      name: "golden",
      displayText: "golden",
      url: "https://images.example.com/golden.qcow2",
      zoneId: c.zone.id,
      isReady: true,
      status: "Download Complete",
      isPublic: false,
      isFeatured: false,
      isExtractable: false,
      account: "user-1",
      minRootDiskSizeGb: 10,
      osTypeName: ubuntu,
    });
    expect(t.downloadDetails[0]).toMatchObject({ downloadPercent: 100, downloadState: "DOWNLOADED" });
    const job = await api.ok("GET", `/jobs/${res.jobId}`);
    expect(job).toMatchObject({ command: "registerTemplate", resourceId: res.id });
  });

  it("a failed download leaves the template with the platform's text as its status", async () => {
    const detail = " HTTP Server returned 404 (expected 200 OK) ";
    await api.control.fault({ method: "POST", route: "/templates", times: 1, jobFail: { detail } });
    const res = await api.ok("POST", "/templates", { body: await templateBody() });
    expect((await api.waitJob(res.jobId)).detail).toBe(detail);
    const t = await api.ok("GET", `/templates/${res.id}`);
    expect(t).toMatchObject({ isReady: false, status: detail });
    expect(t.downloadDetails[0].downloadState).toBe("DOWNLOAD_ERROR");
  });

  it("refuses what CloudStack refuses before accepting, naming the parameter", async () => {
    const refused = async (extra: Record<string, unknown>, text: string) => {
      const res = await api.post("/templates", { body: await templateBody(extra) });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(expectErrorBody(res.body)).toBe(true);
      expect(res.body.message).toContain(text);
    };
    await refused({ url: "ftp://images.example.com/a.qcow2" }, "Unsupported scheme for url");
    await refused({ url: "file:///srv/a.qcow2" }, "File:// type urls are currently unsupported");
    await refused({ url: "http://127.0.0.1/a.qcow2" }, "Illegal host specified in url");
    await refused({ url: "https://images.invalid/a.qcow2" }, "Unable to resolve images.invalid");
    await refused({ url: "https://images.example.com/a.vhd" }, "is an invalid for the format qcow2");
    await refused({ url: "https://images.example.com/a.txt" }, "Please specify a valid qcow2");
    await refused(
      { url: "https://images.example.com/a.qcow2.gz", format: "bin" },
      "Image format: bin is incorrect",
    );
    await refused({ format: "iso", url: "https://x.example.com/a.iso" }, "Image format: iso is incorrect");
    await refused({ hypervisor: "qemu" }, "Hypervisor Type: qemu is invalid");
    await refused({ osTypeId: undefined }, "Please provide a guest OS type");
    await refused({ osTypeId: c.zone.id }, `Invalid parameter osTypeId value=${c.zone.id}`);
    await refused(
      { zoneId: "-1" },
      "Template registered for 'All zones' can only be owned a Root Admin account",
    );
    await refused({ zoneId: c.template.id }, "Please specify a valid zone.");
    await refused({ name: "x".repeat(256) }, "Value greater than max allowed length 255 for param: name");
    // compressed and metalink files of the format are taken
    for (const url of ["https://a.example.com/x.qcow2.bz2", "https://a.example.com/x.metalink"])
      expect((await api.post("/templates", { body: await templateBody({ url }) })).status).toBe(200);
  });

  it("keeps isfeatured from any token (whole-account authorization); public needs the account's allow.public.user.templates, whatever the token", async () => {
    const featured = await template({ isFeatured: true });
    expect(featured.isFeatured).toBe(true);
    const listed = await api.ok<any[]>("GET", "/templates", { query: { templateFilter: "featured" } });
    expect(ids(listed)).toContain(featured.id);
    expect((await template({ isPublic: true })).isPublic).toBe(true);
    await api.control.user("user-1", { allowPublicUserTemplates: false });
    for (const token of [api.token, api.admin]) {
      const res = await api.post("/templates", { token, body: await templateBody({ isPublic: true }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Only private templates/ISO can be created.");
    }
    const mine = await template();
    const grant = await api.put(`/templates/${mine.id}/permissions`, {
      token: api.admin,
      body: { ispublic: true },
    });
    expect(grant.status).toBe(400);
    expect(grant.body.message).toBe("Only private templates can be created.");
  });

  it("counts against the template allowance with ISOs: beyond it the job fails with CloudStack's text", async () => {
    await api.control.limits({ templateLimit: 1 });
    await template();
    const res = await api.ok("POST", "/isos", {
      body: { name: "x", url: "https://a.example.com/x.iso", zoneId: c.zone.id, osTypeId: await osTypeId() },
    });
    const job = await api.waitJob(res.jobId);
    expect(job.detail).toMatch(/^Maximum number of resources of type 'template' for account name=user-1/);
    expect((await api.ok("GET", "/tenants/my-limits")).templateCount).toBe(1);
  });
});

describe("listing and reading", () => {
  it("templateFilter: featured (the platform's), self, executable (the default), community, shared", async () => {
    const mine = await template();
    const featured = await api.ok<any[]>("GET", "/templates", { query: { templateFilter: "featured" } });
    expect(ids(featured)).toEqual(ids(c.templates));
    expect(featured[0]).toMatchObject({ isFeatured: true, isPublic: true, isReady: true, account: "system" });
    expect(ids(await api.ok("GET", "/templates", { query: { templateFilter: "self" } }))).toEqual([mine.id]);
    expect(ids(await api.ok("GET", "/templates"))).toEqual([...ids(c.templates), mine.id]);
    // another account sees neither the private template nor its status
    expect(ids(await api.ok("GET", "/templates", { token: other }))).toEqual(ids(c.templates));
    expect((await api.get(`/templates/${mine.id}`, { token: other })).status).toBe(404);
    await api.ok("PUT", `/templates/${mine.id}/permissions`, { body: { ispublic: true } });
    const seen = await api.ok("GET", `/templates/${mine.id}`, { token: other });
    expect(seen.isPublic).toBe(true);
    expect(seen.status).toBeUndefined();
    expect(seen.url).toBeUndefined();
    expect(
      ids(await api.ok("GET", "/templates", { token: other, query: { templateFilter: "community" } })),
    ).toEqual([mine.id]);
    // all is CloudStack's administrators' filter: refused with its text to every token, service:admin included
    for (const token of [api.token, api.admin]) {
      const all = await api.get("/templates", { token, query: { templateFilter: "all" } });
      expect(all.status).toBe(400);
      expect(all.body.message).toBe("Filter all can be specified by admin only");
      expect((await api.get("/isos", { token, query: { isoFilter: "ALL" } })).body.message).toBe(
        "Filter all can be specified by admin only",
      );
    }
    expect((await api.get("/templates", { query: { templateFilter: "mine" } })).body.message).toBe(
      "Please specify a valid template filter.",
    );
  });

  it("a template still downloading is listed to its owner (self, executable) but not as ready (selfexecutable)", async () => {
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const res = await api.ok("POST", "/templates", { body: await templateBody() });
    expect(ids(await api.ok("GET", "/templates", { query: { templateFilter: "self" } }))).toEqual([res.id]);
    expect(await api.ok("GET", "/templates", { query: { templateFilter: "selfexecutable" } })).toEqual([]);
  });

  it("GET /os-types lists the guest OS types by description, the same in every region", async () => {
    const here = await api.ok<any[]>("GET", "/os-types");
    expect(here.map((o) => o.description)).toContain(ubuntu);
    expect(here.find((o) => o.description === ubuntu).id).toBe(c.templates[0].osTypeId);
    expect(await api.ok("GET", "/os-types", { region: api.secondary.id })).toEqual(here);
  });
});

describe("launch permissions (the spec's Update Template Permissions, PUT /templates/{id}/permissions)", () => {
  it("op add grants accounts (the owner skipped), remove revokes, reset makes it private and drops every grant", async () => {
    const t = await template();
    const path = `/templates/${t.id}/permissions`;
    expect(await api.ok("PUT", path, { body: { op: "add", accounts: "user-2,user-1" } })).toEqual({
      id: t.id,
    });
    expect((await api.ok("GET", path)).account).toEqual(["user-2", "user-1"]); // the owner too, while private
    const shared = await api.ok<any[]>("GET", "/templates", {
      token: other,
      query: { templateFilter: "sharedexecutable" },
    });
    expect(ids(shared)).toEqual([t.id]);
    // the other account deploys from it
    const vm = await api.ok("POST", "/compute/instances", {
      token: other,
      body: { zoneId: c.zone.id, templateId: t.id, serviceOfferingId: c.offering.id },
    });
    expect((await api.ok("GET", `/compute/instances/${vm.id}`, { token: other })).templateName).toBe(
      "golden",
    );
    await api.ok("PUT", path, { body: { op: "remove", accounts: "user-2,nobody" } });
    expect((await api.ok("GET", path)).account).toEqual(["user-1"]);
    await api.ok("PUT", path, {
      body: { ispublic: true, isfeatured: true, isextractable: true, op: "add", accounts: "user-2" },
    });
    expect(await api.ok("GET", `/templates/${t.id}`)).toMatchObject({
      isPublic: true,
      isFeatured: true,
      isExtractable: true,
    });
    expect((await api.ok("GET", path)).account).toEqual(["user-2"]);
    await api.ok("PUT", path, { body: { op: "reset" } });
    expect(await api.ok("GET", `/templates/${t.id}`)).toMatchObject({
      isPublic: false,
      isFeatured: false,
      isExtractable: true,
    });
    expect((await api.ok("GET", path)).account).toEqual(["user-1"]);
  });

  it("shares with the caller's projects by id: added, listed, removed, reset", async () => {
    const t = await template();
    const path = `/templates/${t.id}/permissions`;
    const made = await api.post("/projects", { body: { name: "shared-with", displayText: "shared with" } });
    expect(made.status).toBe(200);
    const project = made.body.id as string;
    await api.ok("PUT", path, { body: { op: "add", projectids: project } });
    expect((await api.ok("GET", path)).projectIds).toEqual([project]);
    await api.ok("PUT", path, { body: { op: "remove", projectids: project } });
    expect((await api.ok("GET", path)).projectIds).toEqual([]);
    await api.ok("PUT", path, { body: { op: "add", projectids: project } });
    await api.ok("PUT", path, { body: { op: "reset" } });
    expect((await api.ok("GET", path)).projectIds).toEqual([]);
  });

  it("reads the body key by key: unknown keys are ignored, not refused", async () => {
    const t = await template();
    const res = await api.put(`/templates/${t.id}/permissions`, {
      body: { isPublic: true, public: true, foo: 1 },
    });
    expect(res.status).toBe(200);
    expect((await api.ok("GET", `/templates/${t.id}`)).isPublic).toBe(false);
  });

  it("refuses with CloudStack's texts", async () => {
    const t = await template();
    const path = `/templates/${t.id}/permissions`;
    const refused = async (body: unknown, status: number, text: string, token?: string) => {
      const res = await api.put(path, { body, token });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toContain(text);
    };
    await refused({ op: "grant", accounts: "user-2" }, 400, "Given operation is: 'grant'");
    await refused({ op: "add" }, 400, "Operation add requires Accounts or projectIds to be passed in");
    await refused(
      { op: "add", accounts: "user-2", projectids: "p" },
      400,
      "Accounts and projectIds can't be specified together",
    );
    await refused({ op: "add", projectids: "p-1" }, 400, "Unable to find project by id p-1");
    await refused(
      { op: "add", accounts: "ghost" },
      400,
      "Unable to grant a launch permission to Account ghost",
    );
    // another account's template: invisible while private (404), not its to change once public (403)
    await refused({ ispublic: true }, 404, `Template ${t.id} not found`, other);
    await api.ok("PUT", path, { body: { ispublic: true } });
    await refused(
      { ispublic: false },
      403,
      "does not have permission to operate with resource Template golden",
      other,
    );
    await api.ok("PUT", path, { body: { ispublic: false } });
    const featured = await api.put(`/templates/${c.template.id}/permissions`, { body: { ispublic: false } });
    expect(featured.status).toBe(403);
    await api.control.user("user-1", { allowPublicUserTemplates: false });
    await refused({ ispublic: true }, 400, "Only private templates can be created.");
    // nothing of a refused request was applied
    expect((await api.ok("GET", path)).account).toEqual(["user-1"]);
  });
});

describe("deploying from a registered image", () => {
  it("waits for readiness: a template still downloading or failed is refused; a ready one deploys", async () => {
    await api.control.jobMode("clock", { latencyMs: 1000 });
    const res = await api.ok("POST", "/templates", { body: await templateBody() });
    const body = { zoneId: c.zone.id, templateId: res.id, serviceOfferingId: c.offering.id };
    const early = await api.post("/compute/instances", { body });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(
      `Template golden has not been completely downloaded to zone ${c.zone.id}`,
    );
    await api.control.advanceClock(1000);
    await api.waitJob(res.jobId);
    await api.control.jobMode("timed", { latencyMs: 0 });
    const vm = await api.instance(c, { templateId: res.id });
    expect(vm).toMatchObject({
      templateId: res.id,
      templateName: "golden",
      osDisplayName: ubuntu,
      hypervisor: "KVM",
    });
    const other = await api.post("/compute/instances", { body: { ...body, zoneId: c.zone2.id } });
    expect(other.status).toBe(400);
    expect(other.body.message).toContain("is not available in zone");
  });

  it("an ISO boots with a disk offering; one that is not bootable is refused", async () => {
    const i = await iso();
    expect(i).toMatchObject({
      format: "ISO",
      bootable: true,
      status: "Successfully Installed",
      isReady: true,
    });
    const disk = c.diskOfferings.find((d: any) => !d.customized);
    const vm = await api.instance(c, { imageType: "iso", isoId: i.id, diskOfferingId: disk.id });
    expect(vm).toMatchObject({ templateId: i.id, templateName: "rescue", templateType: "ISO" });
    const data = await iso({ name: "drivers", bootable: false, osTypeId: undefined });
    const res = await api.post("/compute/instances", {
      body: {
        zoneId: c.zone.id,
        serviceOfferingId: c.offering.id,
        // required for every image type; an ISO boot passes the ISO there, as CloudStack takes it
        templateId: data.id,
        imageType: "iso",
        isoId: data.id,
        diskOfferingId: disk.id,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Installing from ISO requires an ISO that is bootable: ${data.id}`);
  });
});

describe("changing and deleting", () => {
  it("updateTemplate renames and changes flags in place (query parameters), the rest stays", async () => {
    const t = await template();
    const os = await osTypeId("Debian GNU/Linux 12 (64-bit)");
    const res = await api.ok("PUT", `/templates/${t.id}`, {
      query: { name: "golden-2", passwordEnabled: true, osTypeId: os },
    });
    expect(res).toMatchObject({
      name: "golden-2",
      displayText: "golden",
      passwordEnabled: true,
      osTypeId: os,
    });
  });

  it("deleteTemplate is a job; it fails while instances use it unless forced; the platform's own are not the caller's", async () => {
    const t = await template();
    const vm = await api.instance(c, { templateId: t.id });
    // TemplateManagerImpl.deleteTemplate checks it in the job, which fails, the template kept
    const used = await api.waitJob((await api.ok("DELETE", `/templates/${t.id}`)).jobId);
    expect(used).toMatchObject({
      status: "error",
      detail: "Unable to delete template [golden] because there are [1] VM instances using it.",
    });
    expect((await api.get(`/templates/${t.id}`)).status).toBe(200);
    const forced = await api.ok("DELETE", `/templates/${t.id}`, { query: { forced: true } });
    expect((await api.waitJob(forced.jobId)).status).toBe("success");
    expect((await api.get(`/templates/${t.id}`)).status).toBe(404);
    // the instance still names it
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).templateId).toBe(t.id);
    const system = await api.del(`/templates/${c.template.id}`);
    expect(system.status).toBe(403);
    expect(system.body.message).toContain(
      `does not have permission to operate with resource Template ${c.template.name}`,
    );
  });

  it("deleteIso fails while an instance booted from it; a template id on the ISO routes is not an ISO", async () => {
    const i = await iso();
    const disk = c.diskOfferings.find((d: any) => !d.customized);
    await api.instance(c, { imageType: "iso", isoId: i.id, diskOfferingId: disk.id });
    const res = await api.waitJob((await api.ok("DELETE", `/isos/${i.id}`)).jobId);
    expect(res).toMatchObject({
      status: "error",
      detail: "Unable to delete ISO, as it's used by other instances",
    });
    expect((await api.get(`/isos/${i.id}`)).status).toBe(200);
    const t = await template();
    expect((await api.get(`/isos/${t.id}`)).body.message).toBe("Please specify a valid ISO.");
  });
});
