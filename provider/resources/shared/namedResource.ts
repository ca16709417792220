// VPCs and networks behave alike: created by a JSON body and a job, renamed in place by a synchronous PUT
// (name, displayText), tagged through their tag route, deleted by a job. One provider factory serves both;
// each kind supplies its rules, body, outputs and the immutable fields adoption compares.

import type * as pulumi from "@pulumi/pulumi";
import type { AcceptedMutation, CallOptions, CimClient, ListResult, TagCollection } from "../../client";
import type { Checked, CheckFailure } from "./check";
import { finishCheck } from "./checkRun";
import type { DiffDecision } from "./diff";
import {
  describe,
  failure,
  isJobProblem,
  mismatches,
  PartialStateError,
  ResourceError,
  readOrGone,
} from "./errors";
import { batchedRead, invalidateLane } from "./readBatch";
import { defaultRegion, openSession, type Session, settle, waitFor } from "./session";
import { applyTags } from "./tagging";
import type { Operation } from "./timeouts";
import { compact, sameTags, type TagMap, tagsOf } from "./values";

export interface NamedRecord {
  id: string;
  name?: string;
  displayText?: string;
  state?: string;
  tags?: Record<string, unknown>;
}

/** The family methods the factory needs (client.vpcs and client.networks have them). */
export interface NamedFamily<R extends NamedRecord, C> {
  get(id: string, o?: CallOptions): Promise<R>;
  listAll(o?: CallOptions): Promise<ListResult<R>>;
  create(input: C, o?: CallOptions): Promise<AcceptedMutation>;
  update(id: string, changes: { name?: string; displayText?: string }, o?: CallOptions): Promise<R>;
  delete(id: string, o?: CallOptions): Promise<AcceptedMutation>;
}

export interface NamedInputs {
  region?: string;
  name?: string;
  displayText?: string;
  tags?: TagMap;
  timeouts?: unknown;
  adoptId?: string;
}

/** I: the checked inputs; R: the API's record; C: the client's create input. */
export interface NamedSpec<I extends NamedInputs, R extends NamedRecord, C> {
  kind: "Vpc" | "Network";
  /** Lower-case noun for messages ("VPC", "network"). */
  noun: string;
  tagCollection: TagCollection;
  family: (c: CimClient) => NamedFamily<R, C>;
  check: (news: Record<string, unknown>) => Checked<I>;
  diff: (olds: Record<string, unknown>, news: Record<string, unknown>) => DiffDecision;
  lookups: (inputs: I, region: string | undefined) => Promise<CheckFailure[]>;
  /** The create input (typed by the client, so no input can be dropped on the way); name is known then. */
  createInput: (inputs: I & { name: string }) => C;
  /** Outputs from the recorded inputs (immutable ones) and the live record. */
  outputs: (
    rec: Partial<I> & Record<string, unknown>,
    live: R,
    region: string | undefined,
  ) => Record<string, unknown>;
  /** [field, program value, live value, same] for adoption and for verifying a create. */
  immutable: (inputs: I, live: R) => [string, unknown, unknown, boolean][];
}

const BUSY = new Set(["Implementing", "Allocating", "Creating", "Destroying", "Restarting", "Shutdown"]);
const GONE = new Set(["Destroyed", "Expunged"]);

export function namedProvider<I extends NamedInputs, R extends NamedRecord, C>(
  spec: NamedSpec<I, R, C>,
): pulumi.dynamic.ResourceProvider {
  const lane = (region: string | undefined) => `${spec.kind}/${region ?? ""}`;
  const getLive = async (s: Session, id: string) => {
    const live = await readOrGone(() => spec.family(s.client).get(id, { region: s.region }));
    return live && !GONE.has(live.state ?? "") ? live : undefined;
  };
  const settled = (s: Session, id: string, op: Operation) =>
    settle(
      s,
      op,
      () => getLive(s, id),
      (st) => BUSY.has(st ?? ""),
    );

  async function converge(s: Session, live: R, want: I) {
    const put: { name?: string; displayText?: string } = {};
    if (want.name !== undefined && want.name !== live.name) put.name = want.name;
    if (want.displayText !== undefined && want.displayText !== live.displayText)
      put.displayText = want.displayText;
    if (Object.keys(put).length) await spec.family(s.client).update(live.id, put, { region: s.region });
    const target = { kind: spec.tagCollection, id: live.id };
    await applyTags(s.client, target, tagsOf(live.tags), want.tags ?? {}, s.region);
    invalidateLane(lane(s.region));
    const now = await getLive(s, live.id);
    if (!now) throw new Error(`the ${spec.noun} disappeared while being changed`);
    const tags = tagsOf(now.tags);
    const problems = mismatches([
      ["name", want.name, now.name, want.name === undefined || want.name === now.name],
      [
        "displayText",
        want.displayText,
        now.displayText,
        want.displayText === undefined || want.displayText === now.displayText,
      ],
      ["tags", want.tags ?? {}, tags, sameTags(want.tags ?? {}, tags)],
    ]);
    return { live: now, problems };
  }

  async function adopt(s: Session, want: I & Record<string, unknown>, region: string | undefined) {
    const id = want.adoptId!;
    const live = await getLive(s, id);
    if (!live) {
      throw new ResourceError(
        `${await describe(s, { name: want.name, id })}: adoptId names no ${spec.noun} in this region. Check the id and the resource's region.`,
      );
    }
    const wrong = mismatches(spec.immutable(want, live));
    if (wrong.length) {
      throw new ResourceError(
        `${await describe(s, { name: live.name, id })}: cannot adopt: the live ${spec.noun} does not match the program in fields that cannot change in place: ${wrong.join("; ")}. Make the program match, or leave out adoptId to create a new one.`,
      );
    }
    const done = await converge(s, (await settled(s, id, "create")) ?? live, want);
    const outs = spec.outputs(want, done.live, region);
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

  return {
    check: (olds, news) =>
      finishCheck({
        kind: spec.kind,
        olds,
        checked: spec.check(news),
        lookups: spec.lookups,
        quota: spec.kind,
      }),

    async diff(_id, olds, news) {
      const d = spec.diff(olds, news);
      return { changes: d.changes, replaces: d.replaces, deleteBeforeReplace: d.deleteBeforeReplace };
    },

    async create(inputs) {
      const want = inputs as I & Record<string, unknown>;
      const s = openSession(spec.kind, want.region, want.timeouts);
      const region = await defaultRegion(s);
      s.region = region;
      if (want.adoptId) return adopt(s, want, region);
      const what = { name: want.name };
      const name = want.name;
      // check requires a name unless adopting
      if (name === undefined) throw new ResourceError(`${await describe(s, what)}: name is required.`);
      let accepted: AcceptedMutation;
      try {
        accepted = await spec.family(s.client).create(spec.createInput({ ...want, name }), { region });
      } catch (err) {
        throw await failure(s, what, "create", err);
      }
      const id = accepted.id;
      if (!id)
        throw new ResourceError(`${await describe(s, what)}: the API accepted the create but named no id.`);
      invalidateLane(lane(region));
      const partial = async (message: string) => {
        const live = await getLive(s, id).catch(() => undefined);
        const outs = live
          ? spec.outputs(want, live, region)
          : compact({ ...(want as Record<string, unknown>), region });
        return new PartialStateError(id, outs, want, message);
      };
      try {
        await waitFor(s, accepted, "create");
      } catch (err) {
        const next = isJobProblem(err)
          ? `The ${spec.noun} is kept in state as failed; fix the cause and run pulumi up again: it is repaired or replaced, never duplicated.`
          : undefined;
        throw await partial((await failure(s, { ...what, id }, "create", err, next)).message);
      }
      try {
        const live = await getLive(s, id);
        if (!live) throw new Error(`the created ${spec.noun} cannot be read back (404)`);
        const done = await converge(s, live, want);
        const wrong = [...mismatches(spec.immutable(want, done.live)), ...done.problems];
        if (wrong.length) throw new Error(`the API did not apply ${wrong.join("; ")}`);
        return { id, outs: spec.outputs(want, done.live, region) };
      } catch (err) {
        throw await partial((await failure(s, { ...what, id }, "configure after create", err)).message);
      }
    },

    async read(id, props) {
      const s = openSession(spec.kind, props.region, props.timeouts);
      const live = await batchedRead<R>({
        lane: lane(s.region),
        id,
        get: () => getLive(s, id),
        list: async () => (await spec.family(s.client).listAll({ region: s.region })).items,
      });
      if (!live || GONE.has(live.state ?? "")) return {};
      return { id, props: spec.outputs(props, live, props.region) };
    },

    async update(id, olds, news) {
      const want = news as I & Record<string, unknown>;
      const s = openSession(spec.kind, olds.region ?? want.region, want.timeouts);
      try {
        const live = await settled(s, id, "update");
        if (!live)
          throw new Error(
            `the ${spec.noun} no longer exists (run pulumi refresh, then pulumi up to recreate it)`,
          );
        const done = await converge(s, live, want);
        if (done.problems.length) throw new Error(`the API did not apply ${done.problems.join("; ")}`);
        return {
          outs: spec.outputs(
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
      const s = openSession(spec.kind, props.region, props.timeouts);
      try {
        const live = await settle(
          s,
          "delete",
          () => getLive(s, id),
          (st) => BUSY.has(st ?? "") && st !== "Destroying",
        );
        if (!live) return;
        if (live.state === "Destroying") await settled(s, id, "delete");
        else await waitFor(s, await spec.family(s.client).delete(id, { region: s.region }), "delete");
      } catch (err) {
        if (
          await getLive(s, id).then(
            (x) => x === undefined,
            () => false,
          )
        )
          return;
        throw await failure(s, { name: props.name, id }, "delete", err);
      } finally {
        invalidateLane(lane(s.region));
      }
    },
  };
}
