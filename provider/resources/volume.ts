// The provider behind cim.Volume: create (query parameters, a job), resize, attach/detach and tags in place,
// batched refresh reads, delete (detaching first), adoption, partial state after an accepted create.

import type * as pulumi from "@pulumi/pulumi";
import type { Volume } from "../client";
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
import { applyTags } from "./shared/tagging";
import type { Operation } from "./shared/timeouts";
import { compact, containsUnknown, sameTags, type TagMap, tagsOf } from "./shared/values";
import { checkVolume, diffVolume, shrinkMessage, sizeProblem, type VolumeInputs } from "./volumeRules";

const KIND = "Volume";
const BUSY = new Set([
  "Creating",
  "Allocating",
  "Resizing",
  "Attaching",
  "Detaching",
  "Migrating",
  "Uploading",
  "Destroying",
]);
const GONE = new Set(["Destroyed", "Expunged", "Expunging"]);

const lane = (region: string | undefined) => `${KIND}/${region ?? ""}`;

type Recorded = Partial<VolumeInputs> & Record<string, unknown>;

export function volumeOutputs(rec: Recorded, live: Volume, region: string | undefined) {
  const v = live as Volume & Record<string, unknown>;
  return compact({
    region,
    name: rec.name ?? live.name,
    zoneId: rec.zoneId ?? live.zoneId,
    zoneName: v.zoneName as string | undefined,
    diskOfferingId: live.diskOfferingId ?? rec.diskOfferingId,
    diskOfferingName: v.diskOfferingName as string | undefined,
    size: live.size,
    instanceId: live.virtualMachineId || undefined,
    deviceId: live.virtualMachineId ? live.deviceId : undefined,
    state: live.state,
    tags: tagsOf(live.tags),
    timeouts: rec.timeouts,
    adoptId: rec.adoptId,
    created: v.created as string | undefined,
  });
}

async function getLive(s: Session, id: string): Promise<Volume | undefined> {
  const live = await readOrGone(() => s.client.volumes.get(id, { region: s.region }));
  return live && !GONE.has(live.state ?? "") ? live : undefined;
}

const settled = (s: Session, id: string, op: Operation) =>
  settle(
    s,
    op,
    () => getLive(s, id),
    (st) => BUSY.has(st ?? ""),
  );

/** Resize, attach/detach and tags, each only when live differs; then read back and list what did not take. */
async function converge(s: Session, live: Volume, want: VolumeInputs, op: Operation) {
  const o = { region: s.region };
  const id = live.id;
  const sizeChange = want.size !== undefined && want.size !== live.size;
  if (want.size !== undefined && live.size !== undefined && want.size < live.size) {
    throw new Error(shrinkMessage(live.size, want.size));
  }
  if (sizeChange || want.diskOfferingId !== live.diskOfferingId) {
    const r = { size: sizeChange ? want.size : undefined, diskOfferingId: want.diskOfferingId };
    await waitFor(s, await s.client.volumes.resize(id, r, o), op);
  }
  const attachTo = want.instanceId ?? null;
  const attached = live.virtualMachineId || null;
  if (attachTo !== attached) {
    if (attached) await waitFor(s, await s.client.volumes.detach(id, o), op);
    if (attachTo) await waitFor(s, await s.client.volumes.attach(id, attachTo, o), op);
  }
  await applyTags(s.client, { kind: "volume", id }, tagsOf(live.tags), want.tags ?? {}, s.region);
  invalidateLane(lane(s.region));
  const now = await getLive(s, id);
  if (!now) throw new Error("the volume disappeared while being changed");
  const tags: TagMap = tagsOf(now.tags);
  const problems = mismatches([
    ["diskOfferingId", want.diskOfferingId, now.diskOfferingId, want.diskOfferingId === now.diskOfferingId],
    ["size", want.size, now.size, want.size === undefined || want.size === now.size],
    ["instanceId", attachTo, now.virtualMachineId ?? null, attachTo === (now.virtualMachineId || null)],
    ["tags", want.tags ?? {}, tags, sameTags(want.tags ?? {}, tags)],
  ]);
  return { live: now, problems };
}

async function adopt(s: Session, want: VolumeInputs & Record<string, unknown>, region: string | undefined) {
  const id = want.adoptId!;
  const live = await getLive(s, id);
  if (!live) {
    throw new ResourceError(
      `${await describe(s, { name: want.name, id })}: adoptId names no volume in this region. Check the id and the resource's region.`,
    );
  }
  const wrong = mismatches([
    ["zoneId", want.zoneId, live.zoneId, live.zoneId === undefined || live.zoneId === want.zoneId],
    ["name", want.name, live.name, want.name === undefined || want.name === live.name],
  ]);
  if (wrong.length) {
    throw new ResourceError(
      `${await describe(s, { name: live.name, id })}: cannot adopt: the live volume does not match the program in fields that cannot change in place: ${wrong.join("; ")}. Make the program match the volume (or leave name out to keep its name), or leave out adoptId to create a new one.`,
    );
  }
  const done = await converge(s, (await settled(s, id, "create")) ?? live, want, "create");
  const outs = volumeOutputs({ ...want, name: want.name ?? done.live.name }, done.live, region);
  if (done.problems.length) {
    throw new PartialStateError(
      id,
      outs,
      want,
      `${await describe(s, { name: live.name, id })}: adopted, but the API did not apply ${done.problems.join("; ")}.`,
    );
  }
  return { id, outs };
}

export const volumeProvider: pulumi.dynamic.ResourceProvider = {
  // Rules, settings, region lookups, then quotaPreflight counts the create (shared/checkRun.ts).
  check: (olds, news) =>
    finishCheck({ kind: KIND, olds, checked: checkVolume(olds, news), lookups, quota: KIND }),

  async diff(_id, olds, news) {
    const d = diffVolume(olds, news);
    return { changes: d.changes, replaces: d.replaces, deleteBeforeReplace: d.deleteBeforeReplace };
  },

  async create(inputs) {
    const want = inputs as VolumeInputs & Record<string, unknown>;
    const s = openSession(KIND, want.region, want.timeouts);
    const region = await defaultRegion(s);
    s.region = region;
    if (want.adoptId) return adopt(s, want, region);
    const what = { name: want.name };
    let accepted: Awaited<ReturnType<typeof s.client.volumes.create>>;
    try {
      accepted = await s.client.volumes.create(
        { name: want.name!, zoneId: want.zoneId, diskOfferingId: want.diskOfferingId, size: want.size },
        { region },
      );
    } catch (err) {
      throw await failure(s, what, "create", err);
    }
    const id = accepted.id;
    if (!id)
      throw new ResourceError(
        `${await describe(s, what)}: the API accepted the create but named no volume id.`,
      );
    invalidateLane(lane(region));
    const partial = async (message: string) => {
      const live = await getLive(s, id).catch(() => undefined);
      return new PartialStateError(
        id,
        live ? volumeOutputs(want, live, region) : compact({ ...want, region }),
        want,
        message,
      );
    };
    try {
      await waitFor(s, accepted, "create");
    } catch (err) {
      const next = isJobProblem(err)
        ? "The volume is kept in state as failed; fix the cause and run pulumi up again: it is repaired or replaced, never duplicated."
        : undefined;
      throw await partial((await failure(s, { ...what, id }, "create", err, next)).message);
    }
    try {
      const live = await getLive(s, id);
      if (!live) throw new Error("the created volume cannot be read back (404)");
      const done = await converge(s, live, want, "create");
      if (done.problems.length) throw new Error(`the API did not apply ${done.problems.join("; ")}`);
      return { id, outs: volumeOutputs(want, done.live, region) };
    } catch (err) {
      throw await partial((await failure(s, { ...what, id }, "configure after create", err)).message);
    }
  },

  async read(id, props) {
    const s = openSession(KIND, props.region, props.timeouts);
    const live = await batchedRead<Volume>({
      lane: lane(s.region),
      id,
      get: () => getLive(s, id),
      list: async () => (await s.client.volumes.listAll({ region: s.region })).items,
    });
    if (!live || GONE.has(live.state ?? "")) return {};
    return { id, props: volumeOutputs(props, live, props.region) };
  },

  async update(id, olds, news) {
    const want = news as VolumeInputs & Record<string, unknown>;
    const s = openSession(KIND, olds.region ?? want.region, want.timeouts);
    try {
      const live = await settled(s, id, "update");
      if (!live)
        throw new Error("the volume no longer exists (run pulumi refresh, then pulumi up to recreate it)");
      const done = await converge(s, live, want, "update");
      if (done.problems.length) throw new Error(`the API did not apply ${done.problems.join("; ")}`);
      return {
        outs: volumeOutputs(
          { ...olds, timeouts: want.timeouts, adoptId: want.adoptId },
          done.live,
          olds.region,
        ),
      };
    } catch (err) {
      throw await failure(s, { name: olds.name, id }, "update", err);
    }
  },

  async delete(id, props) {
    const s = openSession(KIND, props.region, props.timeouts);
    const what = { name: props.name, id };
    try {
      const live = await settle(
        s,
        "delete",
        () => getLive(s, id),
        (st) => BUSY.has(st ?? "") && st !== "Destroying",
      );
      if (!live) return;
      if (live.state === "Destroying") {
        await settled(s, id, "delete");
        return;
      }
      if (live.virtualMachineId)
        await waitFor(s, await s.client.volumes.detach(id, { region: s.region }), "delete");
      await waitFor(s, await s.client.volumes.delete(id, { region: s.region }), "delete");
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

async function lookups(i: VolumeInputs, region: string | undefined): Promise<CheckFailure[]> {
  const out: CheckFailure[] = [];
  if (!containsUnknown(i.zoneId)) {
    const z = await mustExist(KIND, region, "zones", "zoneId", i.zoneId, "a zone");
    if (z.failure) out.push(z.failure);
  }
  if (!containsUnknown(i.diskOfferingId)) {
    const d = await mustExist(
      KIND,
      region,
      "diskOfferings",
      "diskOfferingId",
      i.diskOfferingId,
      "a disk offering",
    );
    if (d.failure) out.push(d.failure);
    const problem = containsUnknown(i.size) ? undefined : sizeProblem(i.size, d.row);
    if (problem) out.push({ property: "size", reason: problem });
    if (d.row?.customized === true && i.size === undefined && !i.adoptId) {
      out.push({
        property: "size",
        reason: `size is required: disk offering ${String(d.row.name ?? i.diskOfferingId)} is customized`,
      });
    }
  }
  return out;
}
