// cim.Template, cim.TemplatePermissions and cim.Iso in-process against the emulator: each kind's row of the
// lifecycle table; images registered, ready, shared and booted from. Shared setup: ./world.ts.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { imageStates } from "../../provider/families/images/image";
import { IsoSchema, TemplateSchema } from "../../provider/families/images/records";
import { commonFields } from "../../provider/kinds/common";
import { defineKind } from "../../provider/kinds/define";
import { providerOf } from "../../provider/lifecycle/engine";
import { instanceInputs, otherTemplate, registeredTemplate, templateInputs, waitJob } from "./parts";
import {
  type Case,
  call,
  cat,
  change,
  ctl,
  describeCases,
  describeOutputsParsed,
  emu,
  first,
  make,
  nameOf,
  OTHER_ID,
  p,
  type Rec,
  rows,
  saved,
  unique,
  useEmulator,
} from "./world";

const cases: Case[] = [
  {
    kind: "Template",
    inputs: () => templateInputs(),
    // names, description, OS type and the flags change in place (updateTemplate)
    inPlace: (o) => {
      const more = {
        displayText: "golden image",
        osTypeId: cat.osType2,
        passwordEnabled: true,
        isDynamicallyScalable: true,
      };
      return { news: { ...o, ...more }, expect: more };
    },
    replace: (o) => ({ news: { ...o, url: o.url.replace(".qcow2", "-2.qcow2") }, field: "url" }),
    bad: (i) => ({ news: { ...i, url: "https://images.example.com/golden.vhd" }, field: "url" }),
    createRoute: "/api/v1/templates",
    path: (id) => `/templates/${id}`,
    liveState: (t) => TemplateSchema.parse(t).state ?? "",
  },
  {
    // Synchronous in the API (no job): no partial-state row. Its id is the template's.
    kind: "TemplatePermissions",
    inputs: async () => {
      const [templateId, other] = [await registeredTemplate(), await registeredTemplate()];
      otherTemplate.set(templateId, other);
      return { templateId, accounts: ["user-2"], isExtractable: true };
    },
    inPlace: (o) => {
      const more = { isPublic: true, isFeatured: true, accounts: [] };
      return { news: { ...o, ...more }, expect: more };
    },
    replace: (o) => ({ news: { ...o, templateId: otherTemplate.get(o.templateId) }, field: "templateId" }),
    bad: (i) => ({ news: { ...i, accounts: ["user-2,user-3"] }, field: "accounts" }),
    path: (id) => `/templates/${id}/permissions`,
    // they go with their template; deleting them resets the template (CloudStack's op reset)
    deletePath: (id) => `/templates/${id}?forced=true`,
    afterDelete: { isPublic: false, isFeatured: false, isExtractable: false, accounts: [] },
  },
  {
    kind: "Iso",
    inputs: () => ({
      name: nameOf("iso"),
      url: `https://images.example.com/${unique}/rescue.iso`,
      zoneId: cat.zone,
      osTypeId: cat.osType,
    }),
    inPlace: (o) => ({
      news: { ...o, displayText: "rescue", bootable: false },
      expect: { displayText: "rescue", bootable: false },
    }),
    replace: (o) => ({ news: { ...o, zoneId: cat.zone2 }, field: "zoneId" }),
    bad: (i) => ({ news: { ...i, url: "ftp://images.example.com/rescue.iso" }, field: "url" }),
    createRoute: "/api/v1/isos",
    path: (id) => `/isos/${id}`,
    liveState: (i) => IsoSchema.parse(i).state ?? "",
  },
];

useEmulator();
describeCases(cases);

describe("templates and ISOs: registered, ready, shared, booted from", () => {
  it("a template's create waits for its download: the id reaches the program once the platform says it is ready", async () => {
    await ctl.jobMode("clock", { latencyMs: 1000 });
    let done = false;
    const made = make("Template", templateInputs()).finally(() => {
      done = true;
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(done).toBe(false);
    const [row] = rows(await call("GET", "/templates?templateFilter=self")).slice(-1);
    expect(row).toMatchObject({ isReady: false, status: expect.stringMatching(/% Downloaded$/) });
    await ctl.advanceClock(1000);
    const { id, outs } = await made;
    expect(outs).toMatchObject({
      state: "Ready",
      isReady: true,
      status: "Download Complete",
      minRootDiskSizeGb: 10,
    });
    await ctl.jobMode("timed", { latencyMs: 0 });
    await p("Template").delete!(id, outs);
  });

  it("the engine waits out a state that is still busy after the create job ended (a download the job did not wait for)", async () => {
    let reads = 0;
    const kind = defineKind({
      name: "Template",
      noun: "template",
      summary: "a stub whose record stays Downloading for two reads after its create",
      states: imageStates,
      fields: { ...commonFields },
      outputs: { state: { schema: z.string().optional(), from: (r: Rec) => r.state } },
      api: {
        get: async (_s, id) => ({ id, state: ++reads <= 2 ? "Downloading" : "Ready" }),
        create: async () => ({ id: OTHER_ID }),
        delete: async () => ({}),
      },
    });
    process.env.CIM_POLL_INTERVAL_MS = "10";
    try {
      const made = await providerOf(kind).create({ region: emu.regions[0].id });
      // without the wait, the record read after the job (Downloading) would be what state records
      expect(made.outs).toMatchObject({ state: "Ready" });
      expect(reads).toBeGreaterThan(2);
    } finally {
      process.env.CIM_POLL_INTERVAL_MS = saved.CIM_POLL_INTERVAL_MS;
      if (saved.CIM_POLL_INTERVAL_MS === undefined) delete process.env.CIM_POLL_INTERVAL_MS;
    }
  });

  it("an instance's check refuses a template still downloading (the platform would), then finds it ready", async () => {
    await ctl.jobMode("clock", { latencyMs: 1000 });
    const t = await call("POST", "/templates", templateInputs());
    const vm = { ...instanceInputs(), templateId: t.id };
    const early = await p("Instance").check!({}, vm);
    expect(early.failures).toEqual([
      {
        property: "templateId",
        reason: expect.stringContaining(`names template "${templateInputs().name.replace(/\d+$/, "")}`),
      },
    ]);
    expect(early.failures?.[0].reason).toMatch(
      /which is not ready \(\d+% Downloaded\): the platform deploys only from a downloaded template/,
    );
    await ctl.advanceClock(1000);
    await waitJob(t.jobId);
    await ctl.jobMode("timed", { latencyMs: 0 });
    // the cached list said "not ready": read again, not trusted
    const { id, outs } = await make("Instance", vm);
    expect(outs).toMatchObject({ templateId: t.id });
    expect((await call("GET", `/compute/instances/${id}`)).templateName).toMatch(/^tpl-/);
    await p("Instance").delete!(id, outs);
  });

  it("an instance boots from a registered ISO (imageType iso, with a root disk offering)", async () => {
    const iso = await make("Iso", {
      name: nameOf("iso"),
      url: "https://images.example.com/boot.iso.gz",
      zoneId: cat.zone,
      osTypeId: cat.osType,
    });
    const disk = (await first("/offerings/disk", (d) => !d.customized)).id;
    const vm = await make("Instance", {
      zoneId: cat.zone,
      serviceOfferingId: cat.offering,
      imageType: "iso",
      isoId: iso.id,
      diskOfferingId: disk,
    });
    expect(vm.outs).toMatchObject({ imageType: "iso", isoId: iso.id });
    expect((await call("GET", `/compute/instances/${vm.id}`)).templateName).toBe(iso.outs.name);
    // the ISO cannot go while the instance uses it (the platform's refusal, passed on)
    await expect(p("Iso").delete!(iso.id, iso.outs)).rejects.toThrow(
      /Unable to delete ISO, as it's used by other instances/,
    );
    await p("Instance").delete!(vm.id, vm.outs);
    await p("Iso").delete!(iso.id, iso.outs);
  });

  it("permissions shared with a project of the account (a cim.Project's id): made, read back, taken away", async () => {
    const templateId = await registeredTemplate();
    const project = await make("Project", { name: nameOf("shared") });
    const { id, outs } = await make("TemplatePermissions", { templateId, projectIds: [project.id] });
    expect(outs).toMatchObject({ projectIds: [project.id] });
    const read = (await p("TemplatePermissions").read!(id, outs)).props as Rec;
    expect(read.projectIds).toEqual([project.id]);
    expect(
      (await change("TemplatePermissions", id, read, { templateId, projectIds: [project.id] })).diff.changes,
    ).toBe(false);
    await p("TemplatePermissions").delete!(id, outs);
    expect((await call("GET", `/templates/${templateId}/permissions`)).projectIds).toEqual([]);
    await p("Project").delete!(project.id, project.outs);
  });

  it("permissions: the program's account list is authoritative; check refuses the owner and a template not the account's own", async () => {
    const templateId = await registeredTemplate();
    const { id, outs } = await make("TemplatePermissions", { templateId, accounts: ["user-2"] });
    expect(id).toBe(templateId);
    expect(outs).toMatchObject({ accounts: ["user-2"], isPublic: false, owner: "user-1" });
    // an account added behind the program's back shows after refresh; the next up takes it away again
    await ctl.user("user-3");
    await call("PUT", `/templates/${templateId}/permissions`, { op: "add", accounts: "user-3" });
    const read = (await p("TemplatePermissions").read!(id, outs)).props as Rec;
    expect([...read.accounts].sort()).toEqual(["user-2", "user-3"]);
    const upd = await change("TemplatePermissions", id, read, { templateId, accounts: ["user-2"] });
    expect(upd.diff).toMatchObject({ changes: true, replaces: [] });
    expect((await upd.run()).outs.accounts).toEqual(["user-2"]);
    expect((await call("GET", `/templates/${templateId}/permissions`)).account).toEqual(["user-2", "user-1"]);
    const owner = await p("TemplatePermissions").check!({}, { templateId, accounts: ["user-1"] });
    expect(owner.failures?.[0]).toMatchObject({
      property: "accounts",
      reason: expect.stringContaining("the template's owner"),
    });
    const system = await p("TemplatePermissions").check!({}, { templateId: cat.template, isPublic: true });
    expect(system.failures?.[0]).toMatchObject({
      property: "templateId",
      reason: expect.stringContaining("only its owner"),
    });
    await p("TemplatePermissions").delete!(id, outs);
    expect(await call("GET", `/templates/${templateId}/permissions`)).toMatchObject({
      isPublic: false,
      account: ["user-1"],
    });
  });
});

describeOutputsParsed("images", cases);
