// A run killed while its creates are under way, then what a user does: `pulumi cancel`, `pulumi-cim recover --yes`,
// `pulumi up`. The CLI is killed (SIGKILL) once the platform has accepted the creates of a VPC (names need not be
// unique: a second create makes a second VPC) and of an instance (names are unique in a region: a second create is
// refused), before their jobs end, so the checkpoint keeps both as pending creates without an id. After recover the
// up must neither make a second VPC nor meet the instance's taken name, record the ids the cloud holds, and apply
// what the interrupted create had not (the instance's tags, under `ignoreChanges`). On both paths.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { rows } from "../fixtures/providerEmulator";
import type { StackSession } from "../harness";
import {
  catalogueIds,
  deploymentOf,
  emulatorSession,
  JWT_SHAPE,
  sleep,
  TestEmulator,
} from "../reliability/support";
import { changesOf } from "../reliability/verdicts";
import { cancel, killCli, pulumiCim } from "../soak/interrupt";

const PROJECT = "cim-recover";

let emu: TestEmulator;
let token: string;

beforeAll(async () => {
  // jobs of 3 s: the creates are accepted well before they end, and the kill falls in between
  emu = await TestEmulator.start({ jobLatencyMs: 3_000 });
  token = await emu.token();
});

afterAll(async () => {
  await emu?.close();
});

const listed = async (p: string) =>
  rows(
    await (await fetch(`${emu.url}/api/v1${p}`, { headers: { authorization: `Bearer ${token}` } })).json(),
  );

describe.each([
  { path: "the dynamic path", native: false },
  { path: "the plugin", native: true },
])("$path", ({ native }) => {
  let session: StackSession;
  const host = `web-recover${native ? "-native" : ""}`;

  beforeAll(async () => {
    // each path its own instance name: the other path's instance may still hold its name
    const name = `recover${native ? "-native" : ""}`;
    session = await emulatorSession({
      name,
      native,
      program: `${__dirname}/program.cjs`,
      projectName: PROJECT,
      emu,
      token,
      env: { RECOVER_IDS: JSON.stringify(await catalogueIds(emu, token)), RECOVER_HOST: host },
    });
  });

  afterAll(async () => {
    await session?.run("destroy", { lean: true });
    await session?.run("rm");
    await session?.close();
  });

  /** `pulumi-cim <command>` in the project folder, with the API settings the runs use. */
  const cli = (command: string, ...args: string[]) =>
    pulumiCim(session, { CIM_BASE_URL: emu.url, CIM_TOKEN: token }, command, ...args);
  const recover = (...args: string[]) => cli("recover", ...args);

  test("a run killed mid-create: pulumi cancel, pulumi-cim recover --yes, pulumi up make no second record", {
    timeout: 300_000,
  }, async () => {
    await emu.control.resetRequests();
    let done = false;
    const up = session.run("up", { lean: true }).finally(() => {
      done = true;
    });
    let killed = 0;
    while (!done) {
      const c = await emu.control.requests();
      if (c["POST /api/v1/vpcs"] && c["POST /api/v1/compute/instances"]) {
        killed = killCli(session.pid);
        break;
      }
      await sleep(20);
    }
    await up;
    expect(killed, "the CLI was killed before both creates were recorded").toBe(1);
    expect(await cancel(session)).toMatch(/^ok/);
    const pending = (await deploymentOf(session, PROJECT)).deployment.pending_operations ?? [];
    expect(pending.map((p: any) => `${p.type} ${p.resource.type.split(":").at(-1)}`).sort()).toEqual([
      "creating Instance",
      "creating Vpc",
    ]);

    // doctor names what was left, and what to run
    const doctor = await cli("doctor");
    expect(doctor.out).toMatch(
      /pending creates\s+WARN\s+2 left by an interrupted run: cim:(Vpc main, cim:Instance web|Instance web, cim:Vpc main)\./,
    );
    expect(doctor.out).toMatch(/run pulumi-cim recover/);

    const dry = await recover();
    expect(dry.code, dry.out).toBe(0);
    expect(dry.out).toMatch(/Dry run: nothing was written/);
    const run = await recover("--yes");
    console.log(`pulumi-cim recover --yes:\n${run.out}`);
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(
      /cim:Vpc main: found VPC [0-9a-f-]+ "web-recover\S*-vpc" .*→ record it in the state/,
    );
    expect(run.out).toMatch(
      /cim:Instance web: found instance [0-9a-f-]+ "web-recover\S*" .*→ record it in the state/,
    );
    expect(run.out).not.toContain(token);
    expect(JWT_SHAPE.test(run.out)).toBe(false);

    const after = await session.run("up", { lean: true });
    expect(after.ok, `${after.error}\n${after.output}`).toBe(true);
    const state = (await deploymentOf(session, PROJECT)).deployment;
    expect(state.pending_operations ?? []).toEqual([]);
    const idOf = (kind: string) =>
      state.resources.find((r: any) => r.type.endsWith(`cim:${kind}`) || r.type === `cim:index:${kind}`)?.id;
    const vpcs = (await listed("/vpcs")).filter((v) => v.name === `${host}-vpc`);
    expect(vpcs.map((v) => v.id)).toEqual([idOf("Vpc")]);
    const instances = (await listed("/compute/instances")).filter((i) => i.name === host);
    expect(instances.map((i) => i.id)).toEqual([idOf("Instance")]);
    // the tags the interrupted create had not set, under ignoreChanges: set by the up after recover
    const tags = await listed(`/compute/instances/${idOf("Instance")}/tags`);
    expect(tags.map((t) => `${t.key}=${t.value}`)).toEqual(["team=a"]);

    expect((await cli("doctor")).out).toMatch(/pending creates\s+ok\s+none/);

    const preview = await session.run("preview", { lean: true });
    expect(preview.ok, preview.error).toBe(true);
    expect(changesOf(preview.summary), preview.output).toEqual([]);

    // what recover recorded holds the region it is in, as what a create records: when the API's default region
    // changes, a refresh reads it there (not in the new default, where it is not) and keeps it; the up after makes
    // nothing again
    const primary = emu.regions.find((r) => r.primary) as { id: string };
    const other = emu.regions.find((r) => !r.primary) as { id: string };
    for (const r of state.resources.filter((x: any) => x.custom && !x.type.startsWith("pulumi:providers")))
      expect(r.outputs.region, r.urn).toBe(primary.id);
    await emu.control.region(other.id, { primary: true });
    try {
      const refresh = await session.run("refresh", { lean: true });
      expect(refresh.ok, `${refresh.error}\n${refresh.output}`).toBe(true);
      expect(changesOf(refresh.summary), refresh.output).toEqual([]);
      const again = await session.run("up", { lean: true });
      expect(again.ok, `${again.error}\n${again.output}`).toBe(true);
      expect(changesOf(again.summary), again.output).toEqual([]);
    } finally {
      await emu.control.region(primary.id, { primary: true });
    }
    expect((await listed("/vpcs")).filter((v) => v.name === `${host}-vpc`)).toHaveLength(1);
  });
});
