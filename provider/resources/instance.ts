// The provider behind cim.Instance: deploy (a job), in-place changes (PUT fields, scale, start/stop, tags),
// batched refresh reads, delete (a job), adoption, and partial state when a deploy job fails after the API
// accepted it. Outputs keep the immutable inputs (they cannot drift and the API does not echo all of them)
// and the live values of everything that can change, so refresh shows drift and diff never flaps; userData
// only as its digest (userDataHash): outputs are logged by the engine and sent back to the program.

import type * as pulumi from "@pulumi/pulumi";
import type { Instance, UpdateInstanceInput } from "../client";
import { ConflictError } from "../client";
import {
  checkInstance,
  diffInstance,
  type InstanceInputs,
  powerStateOf,
  rootDiskProblem,
} from "./instanceRules";
import { adoptionMismatches, createInput, instanceOutputs, recordedInputs } from "./instanceState";
import type { CheckFailure } from "./shared/check";
import { finishCheck } from "./shared/checkRun";
import {
  describe,
  failure,
  isJobProblem,
  mismatches,
  PartialStateError,
  ResourceError,
  readOrGone,
} from "./shared/errors";
import { mustExist } from "./shared/lookups";
import { batchedRead, invalidateLane } from "./shared/readBatch";
import { defaultRegion, openSession, type Session, settle, waitFor } from "./shared/session";
import { applyTags, currentTags } from "./shared/tagging";
import type { Operation } from "./shared/timeouts";
import { containsUnknown, sameTags, type TagMap, tagsOf } from "./shared/values";

const KIND = "Instance";
/** States in which another operation is under way: wait before acting. */
const BUSY = new Set([
  "Starting",
  "Creating",
  "Stopping",
  "Rebooting",
  "Migrating",
  "Destroying",
  "Expunging",
]);
/** States of an instance that no longer exists. */
const GONE = new Set(["Destroyed", "Expunged", "Expunging"]);

const lane = (region: string | undefined) => `${KIND}/${region ?? ""}`;

async function getLive(s: Session, id: string): Promise<Instance | undefined> {
  const live = await readOrGone(() => s.client.instances.get(id, { region: s.region }));
  return live && !GONE.has(live.state ?? "") ? live : undefined;
}

/** The instance's tags: from the Instance object when it carries them, else its tag route. */
async function liveTags(s: Session, live: Instance): Promise<TagMap> {
  if (live.tags && typeof live.tags === "object") return tagsOf(live.tags);
  return currentTags(s.client, { kind: "instance", id: live.id }, s.region);
}

/** Applies every in-place field that differs from live, then reads back and lists what did not take. */
async function converge(s: Session, live: Instance, want: InstanceInputs, op: Operation) {
  const o = { region: s.region };
  const id = live.id;
  const put: UpdateInstanceInput = {};
  if (want.name !== undefined && want.name.toLowerCase() !== (live.name ?? "").toLowerCase())
    put.name = want.name;
  if (want.displayName !== undefined && want.displayName !== live.displayName)
    put.displayName = want.displayName;
  if ((want.haEnabled ?? false) !== (live.haEnabled ?? false)) put.haEnabled = want.haEnabled ?? false;
  if ((want.deleteProtection ?? false) !== (live.deleteProtection ?? false)) {
    put.deleteProtection = want.deleteProtection ?? false;
  }
  if (Object.keys(put).length) await s.client.instances.update(id, put, o);

  const power = want.powerState ?? "running";
  let state = live.state;
  if (want.serviceOfferingId !== live.serviceOfferingId) {
    try {
      await waitFor(s, await s.client.instances.scale(id, want.serviceOfferingId, o), op);
    } catch (err) {
      // Some platforms scale only stopped instances: stop, scale, and let the power step start it again.
      if (!(err instanceof ConflictError) || powerStateOf(state) !== "running") throw err;
      await waitFor(s, await s.client.instances.stop(id, o), op);
      state = "Stopped";
      await waitFor(s, await s.client.instances.scale(id, want.serviceOfferingId, o), op);
    }
  }
  if (powerStateOf(state) !== power) {
    const action = power === "running" ? s.client.instances.start(id, o) : s.client.instances.stop(id, o);
    await waitFor(s, await action, op);
  }
  const before = await liveTags(s, live);
  const tags = await applyTags(s.client, { kind: "instance", id }, before, want.tags ?? {}, s.region);
  invalidateLane(lane(s.region));
  const now = await getLive(s, id);
  if (!now)
    throw new ResourceError(
      `${await describe(s, { name: live.name, id })}: the instance disappeared while being changed.`,
    );
  const nowTags = sameTags(tags, before) ? await liveTags(s, now) : tags;
  const problems = mismatches([
    [
      "name",
      want.name,
      now.name,
      want.name === undefined || want.name.toLowerCase() === (now.name ?? "").toLowerCase(),
    ],
    [
      "displayName",
      want.displayName,
      now.displayName,
      want.displayName === undefined || want.displayName === now.displayName,
    ],
    [
      "serviceOfferingId",
      want.serviceOfferingId,
      now.serviceOfferingId,
      want.serviceOfferingId === now.serviceOfferingId,
    ],
    ["powerState", power, now.state, powerStateOf(now.state) === power],
    [
      "haEnabled",
      want.haEnabled ?? false,
      now.haEnabled,
      (want.haEnabled ?? false) === (now.haEnabled ?? false),
    ],
    [
      "deleteProtection",
      want.deleteProtection ?? false,
      now.deleteProtection,
      (want.deleteProtection ?? false) === (now.deleteProtection ?? false),
    ],
    ["tags", want.tags ?? {}, nowTags, sameTags(want.tags ?? {}, nowTags)],
  ]);
  return { live: now, tags: nowTags, problems };
}

async function adopt(
  s: Session,
  inputs: InstanceInputs & Record<string, unknown>,
  region: string | undefined,
) {
  const id = inputs.adoptId!;
  const what = { name: inputs.name, id };
  const live = await getLive(s, id);
  if (!live) {
    throw new ResourceError(
      `${await describe(s, what)}: adoptId names no instance in this region. Check the id and the resource's region (ids are valid only in their own region).`,
    );
  }
  const wrong = adoptionMismatches(live, inputs);
  if (wrong.length) {
    throw new ResourceError(
      `${await describe(s, { name: live.name, id })}: cannot adopt: the live instance does not match the program in fields that cannot change in place: ${wrong.join("; ")}. Make the program match the instance, or leave out adoptId to deploy a new one.`,
    );
  }
  if (live.state === "Error") {
    throw new ResourceError(
      `${await describe(s, { name: live.name, id })}: cannot adopt an instance in state Error; delete it or adopt another.`,
    );
  }
  const settled =
    (await settle(
      s,
      "create",
      () => getLive(s, id),
      (st) => BUSY.has(st ?? ""),
    )) ?? live;
  const done = await converge(s, settled, inputs, "create");
  // userData (like the SSH flags) cannot be verified, the API never returns it: the program's is recorded
  // (its digest), and an adopted instance given none records none, so adding it later replaces.
  const outs = instanceOutputs(inputs, done.live, region, done.tags);
  if (done.problems.length) {
    throw new PartialStateError(
      id,
      outs,
      inputs,
      `${await describe(s, { name: done.live.name, id })}: adopted, but the API did not apply ${done.problems.join("; ")}.`,
    );
  }
  return { id, outs };
}

export const instanceProvider: pulumi.dynamic.ResourceProvider = {
  // Rules, settings, region lookups, then quotaPreflight counts the create (shared/checkRun.ts).
  check: (olds, news) =>
    finishCheck({ kind: KIND, olds, checked: checkInstance(news), lookups, quota: KIND }),

  async diff(_id, olds, news) {
    const d = diffInstance(olds, news);
    return { changes: d.changes, replaces: d.replaces, deleteBeforeReplace: d.deleteBeforeReplace };
  },

  async create(inputs) {
    const want = inputs as InstanceInputs & Record<string, unknown>;
    const s = openSession(KIND, want.region, want.timeouts);
    const region = await defaultRegion(s);
    s.region = region;
    if (want.adoptId) return adopt(s, want, region);

    let created: Awaited<ReturnType<typeof s.client.instances.create>>;
    try {
      created = await s.client.instances.create(createInput(want), { region });
    } catch (err) {
      throw await failure(s, { name: want.name }, "deploy", err);
    }
    const id = created.id;
    invalidateLane(lane(region));
    const partial = async (message: string, live?: Instance) => {
      const current = live ?? (await getLive(s, id).catch(() => undefined)) ?? created.instance;
      const outs = current
        ? instanceOutputs(want, current, region, tagsOf(current.tags))
        : recordedInputs(want, region);
      return new PartialStateError(id, outs, want, message);
    };
    try {
      await waitFor(s, created, "create");
    } catch (err) {
      if (!isJobProblem(err))
        throw await partial((await failure(s, { name: want.name, id }, "deploy", err)).message);
      const next =
        "The instance is kept in state as failed; fix the cause and run pulumi up again: it is repaired or replaced, never duplicated.";
      throw await partial(
        (await failure(s, { name: created.instance?.name ?? want.name, id }, "deploy", err, next)).message,
      );
    }
    try {
      const live = await getLive(s, id);
      if (!live) throw new Error("the deployed instance cannot be read back (404)");
      const done = await converge(s, live, want, "create");
      if (done.problems.length) {
        throw await partial(
          `${await describe(s, { name: done.live.name, id })}: deployed, but the API did not apply ${done.problems.join("; ")}. The instance is kept in state as failed; the next pulumi up retries.`,
          done.live,
        );
      }
      return { id, outs: instanceOutputs(want, done.live, region, done.tags) };
    } catch (err) {
      if (err instanceof PartialStateError) throw err;
      throw await partial((await failure(s, { name: want.name, id }, "configure after deploy", err)).message);
    }
  },

  async read(id, props) {
    const s = openSession(KIND, props.region, props.timeouts);
    const live = await batchedRead<Instance>({
      lane: lane(s.region),
      id,
      get: () => getLive(s, id),
      list: async () => (await s.client.instances.all({ region: s.region })).items,
    });
    if (!live || GONE.has(live.state ?? "")) return {};
    return { id, props: instanceOutputs(props, live, props.region, await liveTags(s, live)) };
  },

  async update(id, olds, news) {
    const want = news as InstanceInputs & Record<string, unknown>;
    const s = openSession(KIND, olds.region ?? want.region, want.timeouts);
    const what = { name: olds.name, id };
    try {
      const live = await settle(
        s,
        "update",
        () => getLive(s, id),
        (st) => BUSY.has(st ?? ""),
      );
      if (!live)
        throw new Error("the instance no longer exists (run pulumi refresh, then pulumi up to recreate it)");
      const done = await converge(s, live, want, "update");
      if (done.problems.length) throw new Error(`the API did not apply ${done.problems.join("; ")}`);
      // Immutable fields are recorded from the old state: they did not change (else this was a replace).
      return { outs: instanceOutputs({ ...olds, ...pickMeta(want) }, done.live, olds.region, done.tags) };
    } catch (err) {
      throw await failure(s, what, "update", err);
    }
  },

  async delete(id, props) {
    const s = openSession(KIND, props.region, props.timeouts);
    const what = { name: props.name, id };
    const live = await settle(
      s,
      "delete",
      () => getLive(s, id),
      (st) => BUSY.has(st ?? "") && st !== "Destroying",
    );
    if (!live) return;
    if (live.deleteProtection) {
      throw new ResourceError(
        `${await describe(s, what)}: deleteProtection is on, so the API refuses to delete it. Set deleteProtection: false in the program and run pulumi up, then delete again (or remove it from the stack with pulumi state delete to keep the instance).`,
      );
    }
    try {
      if (live.state !== "Destroying")
        await waitFor(s, await s.client.instances.delete(id, { region: s.region }), "delete");
      else
        await settle(
          s,
          "delete",
          () => getLive(s, id),
          (st) => st === "Destroying",
        );
    } catch (err) {
      if (
        await getLive(s, id).then(
          (x) => x === undefined,
          () => false,
        )
      )
        return;
      throw await failure(s, what, "delete", err);
    } finally {
      invalidateLane(lane(s.region));
    }
  },
};

/** Fields that live only in state and come from the new inputs on update. */
function pickMeta(news: Record<string, unknown>) {
  return { timeouts: news.timeouts, adoptId: news.adoptId };
}

async function lookups(i: InstanceInputs, region: string | undefined): Promise<CheckFailure[]> {
  const out: CheckFailure[] = [];
  const check = async (name: Parameters<typeof mustExist>[2], field: keyof InstanceInputs, what: string) => {
    if (containsUnknown(i[field])) return undefined;
    const r = await mustExist(KIND, region, name, field, i[field], what);
    if (r.failure) out.push(r.failure);
    return r.row;
  };
  const iso = i.imageType === "iso";
  const [, , template] = await Promise.all([
    check("zones", "zoneId", "a zone"),
    check("computeOfferings", "serviceOfferingId", "a compute offering"),
    iso ? undefined : check("templates", "templateId", "a template"),
    iso ? check("isos", "isoId", "an ISO") : undefined,
    iso ? check("diskOfferings", "diskOfferingId", "a disk offering") : undefined,
  ]);
  const problem =
    iso || containsUnknown(i.rootDiskSize) ? undefined : rootDiskProblem(i.rootDiskSize, template);
  if (problem) out.push({ property: "rootDiskSize", reason: problem });
  return out;
}
