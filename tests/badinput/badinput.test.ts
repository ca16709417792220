// Bad input suite (issue 6): every row of cases.ts is previewed on its own (the engine stops a preview at the
// first resource whose check fails, so rows cannot share a preview and still each be seen), through the real
// CLI, in CIM_BADINPUT_LANES parallel lanes (default 3), each lane with its own emulator and stack. Each row
// must be rejected at preview with a message naming the resource and the field, and the emulator must record
// no request that changes anything. The file ends with one line: `bad input suite: N passed, M failed`.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AcceptedMutation, CimClient } from "../../provider/client";
import { type OpResult, StackSession } from "../harness";
import { catalogueIds, mutating, POLL_MS, Tally, TestEmulator } from "../reliability/support";
import { type BadCase, CASES, type Ids, type Tokens } from "./cases";

const program = path.join(__dirname, "programs", "oneResource.cjs");
const LANES = Number(process.env.CIM_BADINPUT_LANES ?? 3);
/** Development aids: CIM_BADINPUT_ONLY=regex previews only matching rows; CIM_BADINPUT_SHOW=1 prints each message. */
const ONLY = process.env.CIM_BADINPUT_ONLY ? new RegExp(process.env.CIM_BADINPUT_ONLY, "i") : undefined;
const SELECTED = CASES.filter((c) => !ONLY || ONLY.test(c.name));
const tally = new Tally("bad input suite");

interface Outcome {
  preview: OpResult;
  mutations: Record<string, number>;
  logical: string;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 48);

const outcomes = new Map<BadCase, Promise<Outcome>>();
const settle = new Map<BadCase, { resolve(o: Outcome): void; reject(e: unknown): void }>();
for (const c of SELECTED) {
  const p = new Promise<Outcome>((resolve, reject) => settle.set(c, { resolve, reject }));
  p.catch(() => {});
  outcomes.set(c, p);
}

async function lane(cases: BadCase[], n: number): Promise<void> {
  const emu = await TestEmulator.start();
  let session: StackSession | undefined;
  try {
    const valid = await emu.token();
    const tokens: Tokens = {
      valid,
      expired: await emu.token({ ttlSeconds: -120 }),
      otherAudience: await emu.token({ aud: "another-app" }),
    };
    const here = await catalogueIds(emu, valid);
    const otherRegion = emu.regions.find((r) => !r.primary)!;
    const ids: Ids = {
      ...here,
      other: await catalogueIds(emu, valid, otherRegion.id),
      unknown: "0b7e2a41-5f0c-4d8e-9a43-7c1d2e3f4a5b",
      unknown2: "5c9d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
      regionId: emu.regions.find((r) => r.primary)!.id,
      ...(await laneNetworks(emu.url, valid, here)),
    };
    const baseEnv = {
      CIM_BASE_URL: emu.url,
      CIM_TOKEN: valid,
      CIM_POLL_INTERVAL_MS: POLL_MS,
    };
    session = await StackSession.open({
      name: `badinput-${n}`,
      program,
      projectName: "cim-rel",
      envVars: baseEnv,
    });
    for (const c of cases) {
      const logical = slug(c.name);
      const env = {
        ...baseEnv,
        CIM_REGION: null,
        CIM_AUDIENCE: null,
        ...(c.settings?.env(ids, tokens) ?? {}),
      };
      try {
        if (c.existing) {
          const kind = c.kind;
          await session.must("up", {
            env: { ...env, BAD_CASE: JSON.stringify({ kind, name: logical, args: c.existing(ids) }) },
          });
        }
        await emu.control.resetRequests();
        const preview = await session.run("preview", {
          env: { ...env, BAD_CASE: JSON.stringify({ kind: c.kind, name: logical, args: c.args(ids) }) },
        });
        const mutations = mutating(await emu.control.requests());
        if (c.existing) await session.must("destroy", { env: { ...baseEnv, BAD_CASE: "null" } });
        settle.get(c)!.resolve({ preview, mutations, logical });
      } catch (err) {
        settle.get(c)!.reject(err);
      }
    }
  } catch (err) {
    for (const c of cases) settle.get(c)!.reject(err);
  } finally {
    if (session) {
      await session.run("destroy", { env: { CIM_BASE_URL: emu.url, CIM_TOKEN: await emu.token() } });
      await session.run("rm");
      await session.close();
    }
    await emu.close();
  }
}

beforeAll(() => {
  const lanes = Math.max(1, LANES);
  const split = Array.from({ length: lanes }, (_, n) => SELECTED.filter((_c, i) => i % lanes === n));
  void Promise.all(split.map((cases, n) => lane(cases, n)));
});

afterAll(() => {
  tally.print();
});

/** An isolated network of the lane's emulator, its create job ended (file systems are served on one). */
/**
 * What rows of the lane look up at check, made once per lane through the API: an isolated network (file systems
 * are served on one) and a VPC 10.61.0.0/16 with a tier 10.61.1.0/24 whose offering serves the internal LB.
 */
async function laneNetworks(
  baseUrl: string,
  token: string,
  ids: { zoneId: string; isolated: string; vpcOffering: string },
): Promise<{ networkId: string; internalLbTierId: string }> {
  const c = new CimClient({ baseUrl, token });
  const made = async (a: AcceptedMutation) => {
    await c.jobs.wait(a, { firstDelayMs: 0, minIntervalMs: 10, maxIntervalMs: 50 });
    return a.id!;
  };
  const { zoneId } = ids;
  const network = async (name: string, networkOfferingId: string, tier: Record<string, string> = {}) =>
    made(await c.networks.create({ name, displayText: name, zoneId, networkOfferingId, ...tier }));
  const networkId = await network("badinput-net", ids.isolated);
  const internalLb = (await c.catalogue.networkOfferings()).find((o) => o.internalLb === true)!;
  const vpcId = await made(
    await c.vpcs.create({
      name: "badinput-vpc",
      displayText: "for internal load balancers",
      zoneId,
      cidr: "10.61.0.0/16",
      vpcOfferingId: ids.vpcOffering,
    }),
  );
  const internalLbTierId = await network("badinput-ilb-tier", internalLb.id, {
    vpcId,
    gateway: "10.61.1.1",
    netmask: "255.255.255.0",
  });
  return { networkId, internalLbTierId };
}

/** What a user reads: the error (the CLI's stderr with the check failures), then the output. */
const textOf = (r: OpResult) => `${r.error ?? ""}\n${r.stderr}\n${r.output}`;

describe("bad input suite: each invalid program or setting is rejected at preview", () => {
  for (const c of SELECTED) {
    it(c.name, async () => {
      await tally.case(c.name, async () => {
        const { preview, mutations, logical } = await outcomes.get(c)!;
        const text = textOf(preview);
        expect(mutations, "no request that changes anything reached the emulator").toEqual({});
        expect(preview.ok, `preview must reject "${c.name}"; it passed:\n${preview.output}`).toBe(false);
        // The lines that name this resource: the engine's check failure ("cim:Kind resource 'name': property
        // field value … has a problem: …") or its diagnostics header ("cim:Kind (name):").
        const about = text
          .split("\n")
          .filter((l) => l.includes(`cim:${c.kind}`) && l.includes(logical))
          .join("\n");
        expect(about, `an error names the resource cim:${c.kind} "${logical}"\n${text}`).not.toBe("");
        const errors = text.slice(text.indexOf(`cim:${c.kind}`));
        if (process.env.CIM_BADINPUT_SHOW) console.log(`${c.name}: ${about.split("\n")[0].slice(0, 400)}`);
        expect(errors, "the message names the field").toContain(c.field);
        expect(errors, "the message says what is wrong").toMatch(c.message);
        if (c.mustNotShow) expect(text, "a secret input is not echoed").not.toContain(c.mustNotShow);
      });
    }, 900_000);
  }
});
