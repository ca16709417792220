// The name of a resource the program gives none, through the real CLI, the plugin and the classes of
// `pulumi-cim/native`: a resource brought in with the `import` option keeps its live name (no rename after the
// import, whether its name changes in place or replaces it), and so does a read by id (the `id` option or `Class.get(name, id)`), which records no name it
// was not given; a new resource takes its Pulumi name; a stack whose name inputs were recorded as the resource
// names (what the SDK sent before the plugin named resources) shows no change.
import * as path from "node:path";
import { expect, it } from "vitest";
import { mutating, resourcesOf, uniqueStack, useApi } from "../e2e/support";
import { pluginHome, stackRun } from "../harness";

const api = useApi();
const PROJECT = "cim-native-names";
const program = path.join(__dirname, "programs", "classes.cjs");

interface Declared {
  kind: string;
  name: string;
  props?: Record<string, unknown>;
  opts?: Record<string, unknown>;
  get?: string;
}
const declare = (...resources: Declared[]) => ({ "cimc:resources": JSON.stringify(resources) });

it("an import without name keeps the live name (in place and replacing), a read by id (the id option, or the class's get) records none, a new resource takes its Pulumi name", async () => {
  const c = api().client;
  const zoneId = (await c.catalogue.zones())[0].id;
  const diskOfferingId = (await c.catalogue.diskOfferings()).find((o) => o.name === "Custom")!.id;
  const vpcOfferingId = (await c.catalogue.vpcOfferings())[0].id;
  const vpc = await c.vpcs.create({
    name: "oob-vpc",
    displayText: "oob",
    zoneId,
    cidr: "10.61.0.0/16",
    vpcOfferingId,
  });
  await c.jobs.wait(vpc, { firstDelayMs: 0 });
  const acl = await c.networkAcls.createList({ name: "oob-acl", description: "web acl", vpcId: vpc.id! });
  await c.jobs.wait(acl, { firstDelayMs: 0 });
  const vol = await c.volumes.create({ name: "oob-data", zoneId, diskOfferingId, size: 5 });
  await c.jobs.wait(vol, { firstDelayMs: 0 });

  const run = await stackRun({
    home: pluginHome("native-names", PROJECT),
    stackName: uniqueStack("native-names"),
    projectName: PROJECT,
    program,
    envVars: api().envVars,
  });
  const aclProps = { vpcId: vpc.id, description: "web acl" };
  const volProps = { zoneId, diskOfferingId, size: 5 };
  const first = declare(
    // a list's name changes in place, a volume's replaces it
    { kind: "NetworkAclList", name: "acl", props: aclProps, opts: { import: acl.id } },
    { kind: "Volume", name: "data", props: volProps, opts: { import: vol.id } },
    { kind: "Volume", name: "data-read", opts: { id: vol.id } },
    { kind: "Volume", name: "data-get", get: vol.id },
    { kind: "Volume", name: "fresh-data", props: volProps },
    // as the SDK recorded it before: the resource name sent as `name`
    { kind: "Volume", name: "kept-data", props: { ...volProps, name: "kept-data" } },
  );
  const [imported, exported] = await run([{ op: "up", config: first }, { op: "export" }]);
  // the stack and two volumes made, two imported (a read is no step of the summary): no update, no replacement
  expect(imported.summary).toEqual({ create: 3, import: 2 });
  expect(imported.outputs?.names).toEqual({
    acl: "oob-acl",
    data: "oob-data",
    "data-read": "oob-data",
    "data-get": "oob-data",
    "fresh-data": "fresh-data",
    "kept-data": "kept-data",
  });
  const read = resourcesOf(exported.deployment, "cim:index:Volume").find((r) =>
    r.urn.endsWith("::data-read"),
  );
  const got = resourcesOf(exported.deployment, "cim:index:Volume").find((r) => r.urn.endsWith("::data-get"));
  for (const r of [read, got]) {
    expect(r).toMatchObject({ id: vol.id, external: true });
    expect(r.inputs ?? {}).toEqual({}); // no name made up from the Pulumi name
  }

  // The import option taken out (as Pulumi asks once imported), `name` left out of the stack's older resource: no change.
  await api().control.resetRequests();
  const next = declare(
    { kind: "NetworkAclList", name: "acl", props: aclProps },
    { kind: "Volume", name: "data", props: volProps },
    { kind: "Volume", name: "data-read", opts: { id: vol.id } },
    { kind: "Volume", name: "data-get", get: vol.id },
    { kind: "Volume", name: "fresh-data", props: volProps },
    { kind: "Volume", name: "kept-data", props: volProps },
  );
  const [preview, again] = await run([
    { op: "preview", config: next },
    { op: "up", config: next },
  ]);
  for (const r of [preview, again]) expect(Object.keys(r.summary ?? {})).toEqual(["same"]);
  expect(mutating(await api().control.requests())).toEqual({});
}, 240_000);
