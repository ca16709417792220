// The recorder of each kind's API calls (provider/kinds/apiCalls.json, rendered on its reference page): every kind
// of the registry runs its lifecycle through the provider the adapters use (providerFor) against an emulator in
// this process, and each operation's requests are read back from the emulator as `METHOD route-template`, with
// the job each call started (its audit row) and whether the provider waited for it (read the job). It lives under
// tests/ because it draws each kind's inputs and dependencies from the soak's recipes (tests/soak/recipes), which
// know for every kind what it stands on, valid values and new values for its fields; the kind's declaration
// (each field's `change`) says which new values apply in place.
import type { z } from "zod";
import { providerFor } from "../../../provider";
import { jobDurations } from "../../../provider/client";
import { type KindName, kindList, kinds } from "../../../provider/kinds";
import type { ApiCall, ApiCalls, KindApiCalls, UpdateCalls } from "../../../provider/kinds/apiCallsData";
import { captureInfo, captureStatus, captureWarnings } from "../../../provider/lifecycle/engineLog";
import { resetLookups } from "../../../provider/lifecycle/lookups";
import { resetQuotaPreflight } from "../../../provider/lifecycle/quotaPreflight";
import { resetBatches } from "../../../provider/lifecycle/readBatch";
import { resetCircuit } from "../../../provider/lifecycle/session";
import { TestEmulator } from "../../reliability/support";
import { add, changeTypeOf, programJson } from "../../soak/generator";
import { Ctx, type Inputs, isRef, type Program, type Res } from "../../soak/model";
import { Rng } from "../../soak/prng";
import { recipeOf } from "../../soak/recipes/index";
import { soakCatalogue } from "../../soak/soak";

type Rec = Record<string, any>;

const JOB_READ = "GET /api/v1/jobs/{jobId}";

/**
 * Kinds a recipe's changes pick from without standing on them (a tier's or a gateway's other ACL list, an
 * instance's group), added before the recorded resource so those changes have something to pick.
 */
const PICKED_BY_CHANGES: Partial<Record<KindName, KindName[]>> = {
  Network: ["NetworkAclList"],
  VpcGateway: ["NetworkAclList"],
  Instance: ["InstanceGroup"],
};

/** A resource made through its provider: its id, the outputs state keeps and the checked inputs. */
interface Made {
  id: string;
  outs: Rec;
  inputs: Rec;
}

/** Records every kind of the registry, in the registry's order. */
export async function recordApiCalls(): Promise<ApiCalls> {
  const emu = await TestEmulator.start({ jobLatencyMs: 0 });
  const saved = { ...process.env };
  try {
    const token = await emu.token();
    process.env.CIM_BASE_URL = emu.url;
    process.env.CIM_TOKEN = token;
    // jobs end at once (latency 0): the first check finds them ended, without the spec's 2-3 s cadence
    process.env.CIM_POLL_INTERVAL_MS = "5";
    delete process.env.CIM_REGION;
    // what the engine would show the user (a comment kept on its VPC at delete) is no part of the recording
    captureWarnings(() => undefined);
    captureInfo(() => undefined);
    captureStatus(() => undefined);
    const out: ApiCalls = {};
    for (const kind of kindList) out[kind.name] = await recordKind(kind.name as KindName, emu, token);
    return out;
  } finally {
    process.env = saved;
    captureWarnings();
    captureInfo();
    captureStatus();
    resetQuotaPreflight();
    await emu.close();
  }
}

/** One kind: its dependencies made first (not recorded), then its create, in-place changes, read and delete. */
async function recordKind(kind: KindName, emu: TestEmulator, token: string): Promise<KindApiCalls> {
  const ctl = emu.control;
  await ctl.reset(); // the seeded platform: nothing of the kind recorded before shows in this one's calls
  const ids = await soakCatalogue(emu, token);
  const ctx = new Ctx(new Rng(seedOf(kind)), ids, { resources: [], serial: 1 });
  for (const other of PICKED_BY_CHANGES[kind] ?? []) drawWithParents(ctx, other);
  const target = drawWithParents(ctx, kind);
  const made = new Map<string, Made>();
  for (const res of dependencyOrder(ctx.program)) {
    if (res !== target) made.set(res.name, await create(res, made));
  }

  const p = providerFor(kind);
  newProcess();
  const checked = await check(target, {}, programInputs(target, made));
  const create_ = await capture(ctl, async () => {
    const got = await p.create(checked);
    made.set(target.name, { id: got.id, outs: got.outs, inputs: checked });
  });
  const update: UpdateCalls[] = [];
  for (const vary of [...Object.values(recipeOf(kind)!.vary), ...flagFlips(kind)]) {
    const patch = vary(ctx, target);
    if (!patch || !inPlace(kind, Object.keys(patch))) continue;
    const before = { ...target.inputs };
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) delete target.inputs[k];
      else target.inputs[k] = v;
    }
    const me = made.get(target.name)!;
    newProcess();
    const news = await check(target, me.inputs, programInputs(target, made));
    const diff = await p.diff!(me.id, me.outs, news);
    // a draw equal to the value it had, or a change the kind takes one way only (replaceWhen): not recorded
    if (!diff.changes || diff.replaces?.length) {
      target.inputs = before;
      continue;
    }
    const calls = await capture(ctl, async () => {
      const got = await p.update!(me.id, me.outs, news);
      made.set(target.name, { id: me.id, outs: got.outs ?? me.outs, inputs: news });
    });
    update.push({ fields: Object.keys(patch).sort(), calls });
  }
  if (!update.length && Object.values(kinds[kind].fields).some((f) => f.change === "update"))
    throw new Error(
      `${kind}: no in-place change was recorded; its recipe varies no field that changes in place`,
    );
  const me = made.get(target.name)!;
  newProcess();
  const read = await capture(ctl, async () => {
    const got = await p.read!(me.id, me.outs);
    if (!got.props) throw new Error(`${kind} ${me.id}: read found nothing after its create`);
  });
  newProcess();
  const remove = await capture(ctl, () => p.delete!(me.id, me.outs));
  return { create: create_, update, read, delete: remove };
}

/** A seed of the kind's name alone, so adding a kind leaves the others' recordings as they were. */
function seedOf(kind: string): number {
  let h = 0x811c9dc5;
  for (const c of kind) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

/** The resource of `kind` the recipes draw, what it stands on added first (as the soak's generator does). */
function drawWithParents(ctx: Ctx, kind: KindName): Res {
  for (let tries = 0; tries < 20; tries++) {
    const res = add(ctx, kind, []);
    if (res) return res;
    // nothing fit (a snapshot needs an attached volume, a schedule an instance with a backup offering): one
    // more of each kind it stands on, theirs first, from the same seeded draws
    for (const k of ancestors(kind)) add(ctx, k, []);
  }
  throw new Error(`${kind}: the soak's recipe found nothing to stand on`);
}

/** The kinds a kind stands on, each after those it stands on itself. */
function ancestors(kind: KindName, out: KindName[] = []): KindName[] {
  for (const parent of recipeOf(kind)!.parents) {
    if (out.includes(parent)) continue;
    ancestors(parent, out);
    if (!out.includes(parent)) out.push(parent);
  }
  return out;
}

/** The program's resources, each after what it refers to (the order the soak's program makes them in). */
function dependencyOrder(program: Program): Res[] {
  const order = JSON.parse(programJson(program)) as { name: string }[];
  return order.map((r) => program.resources.find((x) => x.name === r.name)!);
}

/** The inputs as the SDK passes them: references resolved to outputs, `name` the resource name when unset. */
function programInputs(res: Res, made: Map<string, Made>): Rec {
  const resolve = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(resolve);
    if (!isRef(v)) return v;
    const dep = made.get(v.$ref);
    if (!dep) throw new Error(`${res.name} refers to ${v.$ref}, which is not made`);
    return v.out ? dep.outs[v.out] : dep.id;
  };
  const inputs = Object.fromEntries(Object.entries(res.inputs).map(([k, v]) => [k, resolve(v)]));
  if (kinds[res.kind].nameFromResource && inputs.name === undefined) inputs.name = res.name;
  return inputs;
}

/** A dependency: check, then create, as `pulumi up` calls them for a new resource (not recorded). */
async function create(res: Res, made: Map<string, Made>): Promise<Made> {
  const checked = await check(res, {}, programInputs(res, made));
  const got = await providerFor(res.kind).create(checked);
  return { id: got.id, outs: got.outs, inputs: checked };
}

/** check, as `pulumi up` calls it before a create or an update: the checked inputs. */
async function check(res: Res, olds: Rec, news: Rec): Promise<Rec> {
  const checked = await providerFor(res.kind).check!(olds, news);
  if (checked.failures?.length)
    throw new Error(`${res.kind} ${res.name}: check refused ${JSON.stringify(checked.failures)}`);
  return checked.inputs;
}

/**
 * The provider process as a new one starts an operation: no cached lookups, lists or job history, so a kind's
 * calls do not depend on what was recorded before it (nor on the order of the registry).
 */
function newProcess(): void {
  resetLookups();
  resetQuotaPreflight(() => undefined);
  resetBatches();
  jobDurations().clear();
  resetCircuit();
}

/** Runs `work` and answers the requests the emulator received meanwhile, each call once, in order of first use. */
async function capture(ctl: TestEmulator["control"], work: () => Promise<unknown>): Promise<ApiCall[]> {
  const seen = new Set<string>((await ctl.state()).audit.map((a: Rec) => a.id));
  await ctl.resetRequests();
  await work();
  const log = await ctl.requestLog(1000);
  const state = await ctl.state();
  const audit: Rec[] = state.audit.filter((a: Rec) => !seen.has(a.id));
  const jobs: Rec = state.jobs;
  // the jobs the provider read: waited for (a read of an id no job has is the server-time probe, a call)
  const jobOf = (e: { path: string }) => e.path.split("/").pop()!;
  const waited = new Set(
    log.filter((e) => `${e.method} ${e.route}` === JOB_READ && jobs[jobOf(e)]).map(jobOf),
  );
  const calls: ApiCall[] = [];
  const keys = new Set<string>();
  for (const e of log) {
    const call = `${e.method} ${e.route}`;
    if (call === JOB_READ && jobs[jobOf(e)]) continue; // a poll: shown as its call's job
    const entry: ApiCall = { call };
    if (e.method !== "GET") {
      // the mutation's audit row names the job it started (rows come in the order the requests were served)
      const i = audit.findIndex((a) => a.method === e.method && a.path === e.path);
      const jobId = i >= 0 ? audit.splice(i, 1)[0].jobId : undefined;
      if (jobId && jobs[jobId]) {
        if (waited.has(jobId)) entry.waitsFor = jobs[jobId].command;
        else entry.starts = jobs[jobId].command;
        waited.delete(jobId);
      }
    }
    const key = JSON.stringify(entry);
    if (!keys.has(key)) calls.push(entry);
    keys.add(key);
  }
  if (waited.size)
    throw new Error(
      `jobs read that no call of the operation started: ${[...waited].map((j) => jobs[j].command)}`,
    );
  return calls;
}

/**
 * For a kind whose recipe varies no in-place field (a comment's text replaces it; its visibility changes in
 * place): each in-place flag turned over, so its page still shows an in-place change.
 */
function flagFlips(kind: KindName): ((ctx: Ctx, res: Res) => Inputs)[] {
  const recipe = recipeOf(kind)!;
  const fields = Object.entries(kinds[kind].fields as Record<string, { change: string; schema: z.ZodType }>);
  if (
    Object.keys(recipe.vary).some((label) =>
      fields.some(([f, spec]) => f === label && spec.change === "update"),
    )
  )
    return [];
  return fields
    .filter(([, spec]) => spec.change === "update" && isFlag(spec.schema))
    .map(([f]) => (_ctx, res) => ({ [f]: res.inputs[f] !== true }));
}

const isFlag = (schema: z.ZodType) => schema.safeParse(true).success && !schema.safeParse("yes").success;

/** Whether setting these fields is an in-place change that reaches the API (not a recorded-only field). */
function inPlace(kind: KindName, fields: string[]): boolean {
  const declared = kinds[kind].fields as Record<string, { change: string }>;
  return changeTypeOf(kind, fields) === "in-place" && fields.some((f) => declared[f]?.change === "update");
}
