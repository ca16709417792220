// `pulumi import` through the plugin, of every kind: the engine's Read with an id alone (no inputs, no outputs),
// of records made straight through the API (the legacy world of `pulumi-cim import`'s round trip, plus an instance
// booted from an ISO, a project and a multi-region group with a member VPC). Each read gives the inputs the
// program's code is written from; Check of those inputs passes and Diff of them against the outputs finds nothing,
// so the program `pulumi import` writes changes nothing.
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kindNamed } from "../../provider/kinds";
import { sameValue } from "../../provider/lifecycle/values";
import { Adapter } from "../../provider/native/adapter";
import { configure } from "../../provider/native/config";
import { plain, SECRET_SIG, SIG } from "../../provider/native/wire";
import { makeLegacyWorld } from "../e2e/legacyWorld";
import { startApi, type TestApi } from "../e2e/support";

const S = (v: Record<string, unknown>) => Struct.fromJavaScript(v as any);
const adapter = new Adapter(undefined);

let api: TestApi;
let made: Record<string, string[]>;
let foreignVpc: string;
let iso: { instance: string; isoId: string; diskOfferingId: string };
/** Instances booted from a volume snapshot and from a volume, with what they booted from. */
const sources: { id: string; imageType: string; snapshotId?: string; volumeId?: string }[] = [];

beforeAll(async () => {
  api = await startApi();
  const primary = api.emu.regions.find((r) => r.primary)!;
  const c = new provproto.ConfigureRequest();
  c.setArgs(S({ baseUrl: api.emu.url, token: { [SIG]: SECRET_SIG, value: api.token }, region: primary.id }));
  configure(c);
  ({ made, foreignVpc } = await makeLegacyWorld(api, primary));
  // an instance booted from an ISO, on the world's isolated network: the API shows the ISO as its template
  const region = { region: primary.id };
  const zoneId = (await api.client.catalogue.zones(region)).find((z) => z.name === "de-fra-1a")!.id;
  const isoId = (await api.client.catalogue.isos(region)).find((i) => i.name === "Alpine 3.20")!.id;
  const diskOfferingId = (await api.client.catalogue.diskOfferings(region)).find(
    (o) => o.name === "Small 20 GB",
  )!.id;
  const serviceOfferingId = (await api.client.catalogue.computeOfferings({}, region))[0].id;
  const accepted = await api.client.instances.create(
    { zoneId, serviceOfferingId, imageType: "iso", isoId, diskOfferingId, name: "rescue-box" },
    region,
  );
  await api.client.jobs.wait(accepted, { firstDelayMs: 0 });
  iso = { instance: accepted.id!, isoId, diskOfferingId };
  made.Instance.push(iso.instance);
  // and instances booted from the world's volume snapshot and from a detached volume of their own
  const templateId = (await api.client.catalogue.templates(region)).find(
    (t) => t.name === "Ubuntu 22.04 LTS",
  )!.id;
  const custom = (await api.client.catalogue.diskOfferings(region)).find((o) => o.name === "Custom")!.id;
  const disk = await api.client.volumes.create(
    { name: "boot-disk", zoneId, diskOfferingId: custom, size: 12 },
    region,
  );
  await api.client.jobs.wait(disk, { firstDelayMs: 0 });
  for (const source of [
    { imageType: "snapshot" as const, snapshotId: made.VolumeSnapshot[0], name: "from-snap" },
    { imageType: "volume" as const, volumeId: disk.id!, name: "from-disk" },
  ]) {
    const booted = await api.client.instances.create(
      { zoneId, serviceOfferingId, templateId, ...source },
      region,
    );
    await api.client.jobs.wait(booted, { firstDelayMs: 0 });
    made.Instance.push(booted.id!);
    sources.push({ id: booted.id!, ...source });
  }
  // what the world leaves out: a project, a multi-region group and the world's VPC as its member
  const project = await api.client.projects.create({ name: "legacy-team", displayText: "the team" }, region);
  const group = await api.client.multiRegions.create({ name: "legacy-mesh", description: "both sites" });
  const member = await api.client.multiRegions.addVpc(group.id!, {
    regionId: primary.id,
    vpcId: made.Vpc[0],
  });
  await api.client.jobs.wait(member, { firstDelayMs: 0 });
  made.Project = [project.id!];
  made.MultiRegionGroup = [group.id!];
  made.MultiRegionGroupVpc = [member.id!];
}, 180_000);

afterAll(async () => {
  await api?.close();
});

async function imported(kind: string, id: string) {
  const type = `cim:index:${kind}`;
  const r = new provproto.ReadRequest();
  r.setType(type);
  r.setId(id);
  r.setUrn(`urn:pulumi:dev::p::${type}::imported`);
  const got = await adapter.read(r);
  const inputs = plain(got.getInputs());
  const outputs = plain(got.getProperties());
  const c = new provproto.CheckRequest();
  c.setType(type);
  c.setUrn(`urn:pulumi:dev::p::${type}::imported`);
  // as the engine checks an import: the read's inputs as both the old and the new ones
  c.setOlds(S(inputs));
  c.setNews(S(inputs));
  const checked = await adapter.check(c);
  const d = new provproto.DiffRequest();
  d.setType(type);
  d.setId(id);
  d.setUrn(`urn:pulumi:dev::p::${type}::imported`);
  d.setOlds(S(outputs));
  d.setNews(checked.getInputs() ?? S({}));
  d.setOldInputs(S(inputs));
  const diff = await adapter.diff(d);
  const changed: string[] = [];
  diff.getDetaileddiffMap().forEach((_v, k) => {
    changed.push(k);
  });
  return {
    id: got.getId(),
    inputs,
    outputs,
    failures: checked.getFailuresList().map((f) => `${f.getProperty()}: ${f.getReason()}`),
    changed,
  };
}

describe("pulumi import of every kind through the plugin", () => {
  it("reads each record by its id alone; its inputs check, and diff clean against its outputs", async () => {
    const problems: string[] = [];
    for (const [kind, ids] of Object.entries(made))
      for (const id of ids) {
        try {
          const got = await imported(kind, id);
          if (got.id !== id) problems.push(`${kind} ${id}: read gave id ${JSON.stringify(got.id)}`);
          if (got.failures.length) problems.push(`${kind} ${id}: check: ${got.failures.join("; ")}`);
          if (got.changed.length) problems.push(`${kind} ${id}: diff: ${got.changed.join(", ")}`);
          // no input the code would hold for nothing: a value its field's absence means anyway
          const fields = kindNamed(kind)!.fields;
          for (const [k, v] of Object.entries(got.inputs)) {
            const f = fields[k];
            if (typeof f?.unset === "function" && (f.same ?? sameValue)(f.unset(got.inputs), v))
              problems.push(`${kind} ${id}: ${k} ${JSON.stringify(v)}, what leaving it out means`);
          }
        } catch (e) {
          problems.push(`${kind} ${id}: ${(e as Error).message}`);
        }
      }
    expect(problems).toEqual([]);
  }, 120_000);

  it("an instance booted from an ISO is imported as one, as pulumi-cim import writes it", async () => {
    const got = await imported("Instance", iso.instance);
    expect(got.inputs).toMatchObject({
      imageType: "iso",
      isoId: iso.isoId,
      diskOfferingId: iso.diskOfferingId,
    });
    expect(got.inputs).not.toHaveProperty("templateId");
    expect(got.outputs).toMatchObject({ imageType: "iso", isoId: iso.isoId });
    expect(got.failures).toEqual([]);
    expect(got.changed).toEqual([]);
  });

  it("an id of another region is refused naming that region and how to import it; an id of none, naming where it looked", async () => {
    const secondary = api.emu.regions.find((r) => !r.primary)!;
    const primary = api.emu.regions.find((r) => r.primary)!;
    const err = await imported("Vpc", foreignVpc).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toContain(
      `cim:Vpc (id ${foreignVpc}) in region ${primary.name} (${primary.id}): import failed: there is no VPC of this id in this region, the provider's; region ${secondary.name} (${secondary.id}) has one. Import it under a provider of that region: an explicit cim provider with region ${secondary.id} (${secondary.name}), passed to pulumi import as --provider '<name>=<its URN>'`,
    );
    const none = await imported("Volume", "00000000-0000-4000-8000-000000000000").catch((e: Error) => e);
    expect((none as Error).message).toMatch(
      new RegExp(`import failed: there is no volume of this id in this region nor in ${secondary.name}$`),
    );
  });

  it("what pulumi-cim import leaves out is refused alone, with the same reason; a name is not taken for an id", async () => {
    const root = (await api.client.volumes.listAll()).items.find((v) => v.type === "ROOT")!;
    const err = await imported("Volume", root.id).catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      /import failed: this volume cannot be imported or read as a resource of its own: root disk \(part of its instance\)\. The cim lookups read it$/,
    );
    const named = await imported("Volume", "legacy-data").catch((e: Error) => e);
    expect((named as Error).message).toContain(
      `import failed: "legacy-data" is not an id: give the volume's id in the API (a UUID), not its name`,
    );
    // a template shared with no one has nothing pulumi-cim import would manage, but importing it is how to share it
    const c = api.client;
    const zoneId = (await c.catalogue.zones()).find((z) => z.name === "de-fra-1a")!.id;
    const osTypeId = (await c.catalogue.osTypes())[0].id;
    const registered = await c.templates.register({
      name: "private-one",
      url: "https://images.example.com/private.qcow2",
      zoneId,
      format: "QCOW2",
      hypervisor: "KVM",
      osTypeId,
    });
    await c.jobs.wait(registered, { firstDelayMs: 0, minIntervalMs: 10, maxIntervalMs: 20 });
    const shared = await imported("TemplatePermissions", registered.id!);
    expect([shared.id, shared.failures, shared.changed]).toEqual([registered.id, [], []]);
  });

  it("instances booted from a volume snapshot and from a volume are imported naming what they booted from", async () => {
    for (const { id, imageType, snapshotId, volumeId } of sources) {
      const got = await imported("Instance", id);
      expect(got.inputs, imageType).toMatchObject({
        imageType,
        ...(snapshotId ? { snapshotId } : { volumeId }),
      });
      expect(got.outputs, imageType).toMatchObject({ imageType });
      expect([got.failures, got.changed], imageType).toEqual([[], []]);
    }
  });
});
