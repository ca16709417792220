// The lifecycle engine: one dynamic provider for every kind, built from its declaration (provider/kinds/).
// It owns what every kind does: check (fields, region, settings, catalogue lookups, quota preflight), diff,
// create → wait → converge → verify (the API ignores keys it does not know, so what it reports is compared
// with what was asked), partial state when the API accepted a create that then failed, adoption, batched
// refresh reads and their invalidation, update after the resource settles, and delete that treats "already
// gone" as success. A kind supplies its API calls and what is special about it (kindSpec.ts: KindApi).

import type * as pulumi from "@pulumi/pulumi";
import {
  type AcceptedMutation,
  type EarlierAttempt,
  JobFailedError,
  JobNotFoundError,
  WaitTimeoutError,
} from "../client";
import { isUuid } from "./check";
import { finishCheck } from "./checkRun";
import { diffFields, optionReplaces, withReplaceOption } from "./diff";
import { afterEarlierJobs, earlierJobsOn } from "./earlierJobs";
import { currentResourceName, engineInfo, engineWarning } from "./engineLog";
import {
  describe,
  failure,
  inRegion,
  isJobProblem,
  messageOf,
  mismatches,
  PartialStateError,
  ResourceError,
  readOrGone,
  surfaced,
} from "./errors";
import { fieldLookups } from "./fieldLookups";
import type { Fields, LiveRecord, Outputs, OutputsOf, Recorded } from "./fieldSpec";
import {
  changedFields,
  checkKind,
  compactOutputs,
  compare,
  diffKind,
  diffRules,
  fullOutputs,
  isFailedRecord,
  outputsOf,
  unapplied,
  withoutDefaultedName,
} from "./fields";
import { importedInputs } from "./imported";
import type { Kind, KindApi } from "./kindSpec";
import { findIn, noteReplacement } from "./liveChecks";
import { checking, judgingBy, readForCheck, regionsOf } from "./lookups";
import { withNamesKept } from "./namesKept";
import { deleteBegins, whileRefused } from "./passingRefusal";
import { claimedOfRecord } from "./programClaims";
import { batchedRead, markChanged } from "./readBatch";
import { afterRead, withGiven } from "./readInputs";
import { changesWatched, kindsGoneWith } from "./registry";
import { changeSeen, checkBegins, seenChange } from "./runChanges";
import {
  awaitJob,
  createdId,
  defaultRegion,
  openSession,
  type Session,
  settle,
  unpinnedWhy,
  type Waited,
} from "./session";
import { recordTags } from "./tagClaims";
import { applyTags, changeTags, currentTags, removesTags } from "./tagging";
import { deadlineSources, type Operation, withDefaults } from "./timeouts";
import { type TagMap, tagsOf } from "./values";

type Live = LiveRecord & Record<string, unknown>;

/** Past tense of a create verb, for messages: created, deployed, acquired. */
const past = (verb: string) => (verb.endsWith("e") ? `${verb}d` : `${verb}ed`);

/** What the plugin's import of an id alone answers: the record's outputs, and the inputs of a program adopting it. */
export interface Imported {
  id: string;
  props: Recorded;
  inputs: Recorded;
}

/** A kind's provider: the dynamic provider's calls, and the import of an id alone (the plugin's Read). */
export type KindProvider<Ins = any, Outs = any> = pulumi.dynamic.ResourceProvider<Ins, Outs> & {
  imported(id: string, region: string | undefined): Promise<Imported>;
  /**
   * What state keeps of record `id`, read in the session's region, as the create of `inputs` that made it would
   * have recorded it (the region included), or undefined when it is not there: what `pulumi-cim recover` records
   * for an interrupted create.
   */
  recorded(s: Session, id: string, inputs: Recorded): Promise<Outs | undefined>;
};

/**
 * The provider of a kind: it takes checked inputs and returns what state keeps of the kind's outputs (what the
 * SDK class types, less those that have their default: compactOutputs); the old outputs it is given are read
 * back whole (fullOutputs) before anything else sees them.
 */
export function providerOf<F extends Fields, O extends Outputs>(
  kind: Kind<F, O>,
): KindProvider<Recorded, OutputsOf<F, O>> {
  const busy = new Set(kind.states?.busy ?? []);
  const gone = new Set(kind.states?.gone ?? []);
  const deleting = kind.states?.deleting;
  const noun = kind.noun;
  const verb = kind.createVerb ?? "create";
  const lane = (region: string | undefined) => `${kind.name}/${region ?? ""}`;
  // A kind without a name of its own (a rule, a gateway, a schedule) is named by a label of its record; where
  // the request says which resource of the program it is about (the plugin), by the program's name for it.
  const nameOf = (rec: Recorded) => (kind.label ? (currentResourceName() ?? kind.label(rec)) : rec.name);
  const api = kind.api as KindApi<Recorded, Live>;
  // what a resource claims of its own record once its id is known: a taggable one, every tag of it (tagClaims.ts)
  const ownClaims = kind.tags ? [recordTags] : [];
  const claimRecord = (id: string, inputs: Recorded, outs: Recorded) =>
    claimedOfRecord(
      kind as unknown as Kind,
      ownClaims,
      id,
      inputs,
      (inputs.region ?? outs.region) as string | undefined,
      outs.name,
    );

  const present = (live: Live | undefined) => (live && !gone.has(live.state ?? "") ? live : undefined);
  const getLive = async (s: Session, id: string, rec: Recorded): Promise<Live | undefined> =>
    present((await readOrGone(() => api.get(s, id, rec))) as Live | undefined);
  /**
   * A read that may come from the lane's shared list (batched; never for what this process just changed, nor from a
   * list asked for before `notBefore`).
   */
  const sharedRead = async (
    s: Session,
    id: string,
    rec: Recorded,
    notBefore?: number,
  ): Promise<Live | undefined> => {
    const list = api.list;
    if (!list) return getLive(s, id, rec);
    return present(
      await batchedRead<Live>({
        lane: lane(s.region),
        id,
        get: () => getLive(s, id, rec),
        list: () => list(s) as Promise<Live[]>,
        notBefore,
      }),
    );
  };
  /**
   * The record once no other operation is under way on it (`except`: a state not worth waiting out). `shared`:
   * its first read may come from the lane's list (before an update or delete); later ones are fresh gets.
   */
  const settled = (
    s: Session,
    id: string,
    rec: Recorded,
    op: Operation,
    o: { except?: string; shared?: boolean; notBefore?: number } = {},
  ) => {
    let shared = o.shared === true;
    return settle(
      s,
      op,
      () => {
        const read = shared ? sharedRead(s, id, rec, o.notBefore) : getLive(s, id, rec);
        shared = false;
        return read;
      },
      (st) => busy.has(st ?? "") && st !== o.except,
    );
  };
  /**
   * What an update, a delete or an adoption decides from: the record once no operation is under way on it, the jobs
   * an earlier run left running on it included (earlierJobs.ts). The record is asked for once the platform's running
   * jobs are known (after their index was read, and after those on it ended): a record read before could show it in
   * the middle of a job that has ended since, and that no index then shows.
   */
  const idle = async (
    s: Session,
    id: string,
    rec: Recorded,
    op: Operation,
    o: { except?: string; shared?: boolean } = {},
  ) => {
    const earlier = await earlierJobsOn(s, kind.name, id);
    if ((await afterEarlierJobs(s, earlier, op, noun)).length)
      return settled(s, id, rec, op, { except: o.except });
    return settled(s, id, rec, op, { ...o, notBefore: earlier.readAt });
  };
  /** When the platform has no record of a job, waitFor watches the resource until it settles instead. */
  const watching = (s: Session, id: string, rec: Recorded) => {
    s.subject = { name: nameOf(rec), id };
    s.watch = async (op) => {
      await settled(s, id, rec, op);
    };
    return s;
  };
  const isGone = (s: Session, id: string, rec: Recorded) =>
    getLive(s, id, rec).then(
      (x) => x === undefined,
      () => false,
    );

  /** The tags of a taggable kind: from the record when it carries them, else its tag route. */
  async function liveTags(s: Session, live: Live): Promise<TagMap | undefined> {
    if (!kind.tags) return undefined;
    if (live.tags && typeof live.tags === "object") return tagsOf(live.tags);
    return currentTags(s.client, { kind: kind.tags, id: live.id }, s.region);
  }

  /**
   * Applies the in-place fields that differ from live (the kind's calls, then tags) and compares. What the kind's
   * calls changed is read back (the API answers 2xx for what it ignored: a misspelt key). So is a tag change that
   * removes a tag (the delete's body is the one the spec words apart, "single values", so how the API reads it is
   * the API's; a removal it read otherwise answers 200 and leaves the tag): the record, whose read gives its tags or
   * is followed by one of its tag route, or, when only tags changed, its tag route alone. Tags only added are not
   * read back (an add the API refuses fails; the create of a tagged resource stays at its three requests). What the
   * API did not apply is then an unapplied field like any other.
   */
  async function converge(s: Session, live: Live, want: Recorded, op: Operation) {
    const changed = changedFields(kind, want, live);
    const applying = changed.size > 0 && api.apply !== undefined;
    if (applying) await api.apply?.(s, live, want, changed, op);
    let tags: TagMap | undefined;
    if (kind.tags) {
      const before = (await liveTags(s, live)) ?? {};
      const target = { kind: kind.tags, id: live.id };
      const desired = (want.tags as TagMap) ?? {};
      // the record's read below reads the tags back when the kind's calls changed something
      const change = applying || !removesTags(before, desired) ? changeTags : applyTags;
      tags = await change(s.client, target, before, desired, s.region);
    }
    markChanged(lane(s.region), live.id);
    let now: Live | undefined = live;
    if (applying) {
      now = await getLive(s, live.id, want);
      if (!now) {
        throw new ResourceError(
          `${await describe(s, { name: nameOf(live), id: live.id })}: the ${noun} disappeared while being changed.`,
        );
      }
      if (kind.tags) tags = await liveTags(s, now);
    }
    const checks = compare(kind, "update", want, now, tags);
    return { live: now, tags, problems: mismatches(checks), unapplied: unapplied(checks) };
  }

  async function adopt(s: Session, want: Recorded, region: string | undefined) {
    const id = String(want.adoptId);
    const live = await getLive(s, id, want);
    if (!live) {
      throw new ResourceError(
        `cim:${kind.name}${typeof nameOf(want) === "string" ? ` "${nameOf(want)}"` : ""}: adoptId: no ${noun} ${id} ${await inRegion(s, s.region)}. Check the id and the resource's region (ids are valid only in their own region).`,
      );
    }
    const wrong = mismatches(compare(kind, "replace", want, live));
    if (wrong.length) {
      throw new ResourceError(
        `${await describe(s, { name: nameOf(live), id })}: cannot adopt: the live ${noun} does not match the program in fields that cannot change in place: ${wrong.join("; ")}. Make the program match the ${noun}, or leave out adoptId to create a new one.`,
      );
    }
    const why = kind.adoptable?.(live);
    if (why)
      throw new ResourceError(`${await describe(s, { name: nameOf(live), id })}: cannot adopt: ${why}`);
    s.subject = { name: nameOf(want), id };
    const done = await converge(s, (await idle(s, id, want, "create")) ?? live, want, "create");
    // what the API did not apply is recorded as it has it, so that refresh and the next diff show the difference
    const outs = outputsOf(kind, want, done.live, region, done.tags, done.unapplied);
    if (done.problems.length) {
      throw new PartialStateError(
        id,
        outs,
        want,
        `${await describe(s, { name: nameOf(done.live), id })}: adopted, but the API did not apply ${done.problems.join("; ")}.`,
      );
    }
    return { id, outs };
  }

  /**
   * The session of a create, update or delete whose inputs (or old outputs) are `rec`, in `region`: the deadlines
   * `rec.timeouts` gives over the kind's, and where each comes from (its messages name it).
   */
  function operating(rec: Recorded, region: unknown): Session {
    const s = openSession(kind.name, region as string | undefined, withDefaults(rec.timeouts, kind.timeouts));
    s.timeoutsFrom = deadlineSources(rec);
    return s;
  }

  async function create(want: Recorded) {
    const s = operating(want, want.region);
    const region = await defaultRegion(s);
    s.region = region;
    s.subject = { name: nameOf(want) };
    const what = { name: nameOf(want) };
    const unpinned = region === undefined && unpinnedWhy(s, await describe(s, what));
    if (unpinned) await engineWarning(unpinned);
    if (want.adoptId) return adopt(s, want, region);
    let accepted: Awaited<ReturnType<typeof api.create>>;
    try {
      accepted = await api.create(s, want);
    } catch (err) {
      throw await failure(s, what, verb, api.createRefused ? await api.createRefused(s, err, want) : err);
    }
    const made = await createdId(s, accepted, "create");
    const id = made.id;
    if (!id) throw new ResourceError(await unnamed(s, what, accepted.jobId, made.cause));
    watching(s, id, want);
    /**
     * Partial state: the resource exists (the API accepted it), so it is recorded as failed, never lost. `asLive`:
     * the fields the API did not apply as asked, recorded as the API has them (not as asked), so that the next
     * diff sees them differ (a field that cannot change in place: the next up replaces the resource) and a
     * refresh shows them; a failed resource's retry is otherwise an update that never looks at them.
     */
    const partial = async (message: string, live?: Live, asLive: string[] = []) => {
      const current =
        live ?? (await getLive(s, id, want).catch(() => undefined)) ?? (accepted.record as Live);
      const tags = current && kind.tags ? tagsOf(current.tags) : undefined;
      const outs = compactOutputs(kind, outputsOf(kind, want, current ?? {}, region, tags, asLive));
      return new PartialStateError(id, outs, want, message);
    };
    let waited: Waited;
    try {
      waited = await made.wait();
    } catch (err) {
      // the kind says a failed job with what it knows beyond the platform's words, as it does a refused request
      const said = api.createRefused ? await api.createRefused(s, err, want) : err;
      // A job that ended in error and left nothing behind (the API shows the resource gone, e.g. a static NAT
      // that was never enabled): nothing exists to record, so the error is plain and the next up creates it.
      if (err instanceof JobFailedError && (await isGone(s, id, want))) {
        throw await failure(
          s,
          { ...what, id },
          verb,
          said,
          `Nothing was ${past(verb)}; fix the cause and run pulumi up again.`,
        );
      }
      const next = isJobProblem(err)
        ? `The ${noun} is kept in state as failed; fix the cause and run pulumi up again: it is repaired or replaced, never duplicated.`
        : undefined;
      const named = { name: nameOf((accepted.record as Recorded | undefined) ?? want) ?? what.name, id };
      throw await partial((await failure(s, named, verb, said, next)).message);
    }
    markChanged(lane(region), id);
    try {
      // The successful job's result is the record (when the API gives one): no read repeats it. The job may
      // end before the resource is usable (a template still downloading): that is waited out with fresh reads,
      // so what uses its id starts only once the platform says it is ready.
      const result = waited.job && present(api.fromJob?.(s, waited.job, id) as Live | undefined);
      const live = result && !busy.has(result.state ?? "") ? result : await settled(s, id, want, "create");
      if (!live) throw new Error(`the ${past(verb)} ${noun} cannot be read back (404)`);
      await removeTwins(s, accepted, live, want);
      const failed = kind.states?.failed;
      if (failed !== undefined && live.state === failed) {
        throw await partial(
          `${await describe(s, { name: nameOf(live), id })}: the ${verb} left the ${noun} in state ${failed}. It is kept in state as failed; run pulumi up again: it is replaced, never duplicated.`,
          live,
        );
      }
      const done = await converge(s, live, want, "create");
      const fixed = compare(kind, "replace", want, done.live);
      const wrong = [...mismatches(fixed), ...done.problems];
      if (wrong.length) {
        // a field that cannot change in place is recorded as the API has it, so the next up replaces the resource
        const next = unapplied(fixed).length
          ? "kept in state as failed, as the API has it; the next pulumi up replaces it"
          : "kept in state as failed; the next pulumi up retries";
        throw await partial(
          `${await describe(s, { name: nameOf(done.live), id })}: ${past(verb)}, but the API did not apply ${wrong.join("; ")}. The ${noun} is ${next}.`,
          done.live,
          [...unapplied(fixed), ...done.unapplied],
        );
      }
      return { id, outs: outputsOf(kind, want, done.live, region, done.tags) };
    } catch (err) {
      if (err instanceof PartialStateError) throw err;
      throw await partial((await failure(s, { ...what, id }, `configure after ${verb}`, err)).message);
    }
  }

  /**
   * Why a create the API accepted has no id, and how to bring in what it may have made without making another:
   * its answer named none and its job (if it had one) named none either, or could not be followed to the end.
   */
  async function unnamed(s: Session, what: { name?: unknown }, jobId?: string, cause?: unknown) {
    // the wait's own advice (raise the timeout and run again, refresh) would make another: nothing is recorded
    const unfollowed =
      cause instanceof WaitTimeoutError
        ? `was still ${cause.lastStatus ?? "unread"} after ${Math.round(cause.waitedMs / 1000)} s (only its end names the ${noun})`
        : cause instanceof JobNotFoundError
          ? `was not found (${cause.reads} reads of it in a row answered 404), so how it ended is unknown`
          : cause
            ? `could not be followed to its end (${messageOf(cause)})`
            : undefined;
    const job = jobId
      ? `its job ${jobId} ${unfollowed ?? "names no resource either"}`
      : "it named no job either";
    return `${await describe(s, what)}: the API accepted the ${verb} but its answer named no id, and ${job}. The ${noun} may exist all the same: find it there (the console, or the API's list of ${noun}s${jobId ? `, or GET /api/v1/jobs/${jobId}` : ""}) and bring it into the program with adoptId: "<its id>" (or pulumi import) before running pulumi up again, which would otherwise ${verb} another.`;
  }

  /**
   * A create sent again after its first attempt's answer was lost while the server may still have held it
   * (client: AcceptedMutation.earlier): the server can perform that attempt after all, later than the resend,
   * and make a second resource the program never asked for. Once this create's own job has succeeded, the
   * earlier attempts' jobs are looked for. A resource one made that the request's name ties to it is deleted as
   * destroy deletes; one tied by its time alone (an unnamed create) may be another program's, so it is named in
   * a warning instead. Never fails the create: what could not be read or deleted is named in a warning.
   */
  async function removeTwins(s: Session, accepted: AcceptedMutation, live: Live, want: Recorded) {
    if (!accepted.earlier) return;
    const me = await describe(s, { name: nameOf(live), id: live.id });
    const held = `its ${verb} request was held by the API past cim:requestTimeout and sent again`;
    let found: EarlierAttempt[];
    try {
      found = await accepted.earlier();
    } catch (err) {
      await engineWarning(
        `${me}: ${held}; whether the API performed the first request too could not be read (${messageOf(err)}). Look for a second ${noun} like this one and delete it.`,
      );
      return;
    }
    const rec = { ...want, region: s.region };
    for (const { job, named } of found) {
      const id = job.resourceId;
      if (!id || id === live.id) continue;
      // A job that failed made nothing.
      const twin = await getLive(s, id, rec).catch(() => undefined);
      if (!twin) continue;
      const label = kind.label?.(twin);
      const other = `${noun} ${label ? `${label} ` : ""}(id ${id})`;
      if (!named) {
        await engineWarning(
          `${me}: ${held}; meanwhile a request like it (job ${job.jobId}) ${past(verb)} ${other}. Unless another program made it, it is a second ${noun} made for this one: delete it through the API or the console (DELETE on its id), or adopt it into the program with adoptId.`,
        );
        continue;
      }
      try {
        await remove(id, rec);
        await engineWarning(
          `${me}: ${held}; the API performed the first request as well, making a second ${other}, which was deleted.`,
        );
      } catch (err) {
        await engineWarning(
          `${me}: ${held}; the API performed the first request as well, making a second ${other}, which could not be deleted: ${messageOf(err)} Delete it through the API or the console, or adopt it into the program with adoptId.`,
        );
      }
    }
  }

  async function read(id: string, props: Recorded) {
    const s = openSession(
      kind.name,
      props.region as string | undefined,
      withDefaults(props.timeouts, kind.timeouts),
    );
    const live = await sharedRead(s, id, props);
    if (!live) return {};
    // a record state holds without its region (written so by an older recover) was just read in the API's default
    // region: that region is recorded, so a later change of the default does not take the record for gone
    const region = (props.region as string | undefined) ?? (await defaultRegion(s));
    return { id, props: outputsOf(kind, props, live, region, await liveTags(s, live)) };
  }

  /**
   * An import (the plugin's Read of an id alone: `pulumi import`, the `import` resource option, `.get()`): the
   * record's outputs and the inputs a program adopting it gives (imported.ts, what `pulumi-cim import` writes too),
   * the outputs made from those inputs as a create of them would have made them. No such record: an error saying
   * where it looked, and which region has the id when another does.
   */
  async function importOf(id: string, region: string | undefined): Promise<Imported> {
    const s = openSession(kind.name, region, withDefaults(undefined, kind.timeouts));
    try {
      // an id is a UUID (but for a kind that makes its own, e.g. a tag set's "<type>/<id>")
      if (!kind.idOf && !isUuid(id))
        throw new Error(
          `${JSON.stringify(id)} is not an id: give the ${noun}'s id in the API (a UUID), not its name (the cim lookups find it by name)`,
        );
      const live = await getLive(s, id, { region });
      if (!live) throw new Error(await elsewhere(id, region));
      // What pulumi-cim import leaves out is no resource of its own here either (a root disk goes with its
      // instance): the engine's import and `.get()` both read through here, and an import keeps what it read
      // whatever its check says, so the read refuses; the lookups read such records.
      const skipped = kind.importer?.skipNotAlone ? undefined : kind.importer?.skip?.(live as never);
      if (skipped)
        throw new Error(
          `this ${noun} cannot be imported or read as a resource of its own: ${skipped}. The cim lookups read it`,
        );
      const tags = await liveTags(s, live);
      const inputs = importedInputs(kind as unknown as Kind, live);
      if (tags && Object.keys(tags).length) inputs.tags = tags; // liveTags: none for a kind without tags
      const props = kept(outputsOf(kind, { ...inputs, region }, live, region, tags));
      return { id, props, inputs };
    } catch (err) {
      if (err instanceof ResourceError) throw err;
      throw await failure(s, { name: undefined, id }, "import", err);
    }
  }

  /**
   * Why an import found no record of the id in the provider's region: another region's (an id is valid only in its
   * region, and a provider reads one), or none the token can see.
   */
  async function elsewhere(id: string, region: string | undefined): Promise<string> {
    const others = ((await regionsOf(kind.name)) ?? []).filter((r) => r.id !== region);
    for (const r of others) {
      const there = await getLive(openSession(kind.name, r.id), id, { region: r.id }).catch(() => undefined);
      if (!there) continue;
      const name = r.name ?? r.id;
      return `there is no ${noun} of this id in this region, the provider's; region ${name} (${r.id}) has one. Import it under a provider of that region: an explicit cim provider with region ${r.id} (${name}), passed to pulumi import as --provider '<name>=<its URN>', or in a program as the resource's provider option`;
    }
    const names = others.map((r) => r.name ?? r.id);
    return `there is no ${noun} of this id in this region${names.length ? ` nor in ${names.join(", ")}` : ""}`;
  }

  /**
   * Refresh: a failure names the kind, the resource, its region and what to do, like every other operation.
   * The engine always passes the old outputs; Pulumi's provider interface types them optional.
   */
  async function readNamed(id: string, props: Recorded = {}) {
    try {
      return await read(id, props);
    } catch (err) {
      if (err instanceof ResourceError) throw err;
      const s = openSession(
        kind.name,
        props.region as string | undefined,
        withDefaults(props.timeouts, kind.timeouts),
      );
      throw await failure(s, { name: nameOf(props), id }, "refresh", err);
    }
  }

  async function update(id: string, olds: Recorded, news: Recorded) {
    const s = operating(news, olds.region ?? news.region);
    s.subject = { name: nameOf(olds), id };
    watching(s, id, olds);
    try {
      const live = await idle(s, id, olds, "update", { shared: true });
      if (!live)
        throw new Error(`the ${noun} no longer exists (run pulumi refresh, then pulumi up to recreate it)`);
      const done = await converge(s, live, news, "update");
      if (done.problems.length) throw new Error(`the API did not apply ${done.problems.join("; ")}`);
      // What cannot change is recorded from the old state (it did not change, else this was a replacement).
      const rec: Recorded = { ...olds };
      for (const [k, f] of Object.entries(kind.fields)) if (f.change !== "replace") rec[k] = news[k];
      return { outs: outputsOf(kind, rec, done.live, olds.region as string | undefined, done.tags) };
    } catch (err) {
      throw await failure(s, { name: nameOf(olds), id }, "update", err);
    }
  }

  async function remove(id: string, props: Recorded) {
    const s = operating(props, props.region);
    s.subject = { name: nameOf(props), id };
    watching(s, id, props);
    const ended = deleteBegins(kind.name);
    let live: Live | undefined;
    try {
      live = await idle(s, id, props, "delete", { except: deleting, shared: true });
      if (!live) {
        await api.purgeGone?.(s, id, props);
        return;
      }
      if (deleting !== undefined && live.state === deleting) {
        await settled(s, id, props, "delete");
        return;
      }
      const found = live;
      await api.beforeDelete?.(s, found, props);
      const passes = api.deleteRefusalPasses;
      // the platform may refuse the request or fail its job (CloudStack checks a network's instances in the job)
      const attempt = async (remainingMs = s.timeouts.delete) =>
        awaitJob(s, await api.delete(s, found, props), "delete", remainingMs);
      const waited = passes
        ? await whileRefused(s, "delete", (err, tries) => passes(err, tries, s, found), attempt)
        : await attempt();
      if (waited.watched) {
        // No job to say how the delete ended: the record says it, once it has settled.
        const left = await getLive(s, id, props);
        if (left) {
          throw new ResourceError(
            `${await describe(s, { name: nameOf(props), id })}: delete failed: the platform has no record of the delete job and the ${noun} is still there (state ${left.state ?? "unknown"}). Run pulumi destroy (or pulumi up) again.`,
          );
        }
      }
      await api.deleted?.(s, found, props);
    } catch (err) {
      if (err instanceof ResourceError) throw err; // a refusal of ours (e.g. delete protection)
      if (await isGone(s, id, props)) {
        if (live) await api.deleted?.(s, live, props);
        return;
      }
      throw await failure(s, { name: nameOf(props), id }, "delete", err);
    } finally {
      ended();
      markChanged(lane(s.region), id);
    }
  }

  /** The changes from the old outputs to the checked inputs: what is replaced, what changes in place. */
  async function diffOf(olds: Recorded, news: Recorded) {
    const d = diffKind(kind, olds, news);
    // in-place changes the platform takes in one direction only (a Kubernetes upgrade, never a downgrade), and
    // those the program's replaceOnChanges option covers
    const when = d.updates.length && kind.replaceWhen ? await kind.replaceWhen(olds, news, d.updates) : [];
    const byOption = optionReplaces(d.updates, olds, news);
    const more = [...when, ...byOption.filter((k) => !when.includes(k))];
    // `updates` (the in-place changed fields) is for the native plugin's detailedDiff; the dynamic-provider
    // host passes on only the keys it knows.
    if (more.length)
      return {
        changes: true,
        replaces: more,
        deleteBeforeReplace: d.deleteBeforeReplace,
        deletesFirstWhy: d.deletesFirstWhy,
        updates: d.updates.filter((k) => !more.includes(k)),
      };
    // a replacement's in-place changes too: what the replacement also changes, named field by field
    const updates = d.replaces.length
      ? diffFields(diffRules(kind), olds, news).changed.filter((k) => !d.replaces.includes(k))
      : d.updates;
    const { changes, replaces, deleteBeforeReplace, deletesFirstWhy } = d;
    return { changes, replaces, deleteBeforeReplace, deletesFirstWhy, updates };
  }

  /** The diff, replacing the resource where a change of what it stands on takes it away (kindSpec: goneWith). */
  async function goneWith(id: string, olds: Recorded, d: Awaited<ReturnType<typeof diffOf>>) {
    const on = kind.goneWith;
    const seen = on ? seenChange(on.kind, olds[on.field]) : undefined;
    if (!on || !seen?.gone.includes(kind.name) || d.replaces.includes(on.field)) return d;
    await engineWarning(`cim:${kind.name} (id ${id}): ${on.reason}: this up makes it again`);
    return {
      ...d,
      changes: true,
      replaces: [...d.replaces, on.field],
      updates: d.updates.filter((k) => k !== on.field),
    };
  }

  /** Whether record `id` is gone, as one read for the diff finds (false when it cannot be read now). */
  const goneAlready = async (id: string, olds: Recorded) => {
    const read = await readForCheck(kind.name, olds.region as string | undefined, async (s) => ({
      live: await getLive(s, id, olds),
    }));
    return read !== undefined && read.live === undefined;
  };

  const kept = (outs: Recorded) => compactOutputs(kind, outs) as OutputsOf<F, O>;
  /** What state keeps of what create or update made from the checked `inputs` (readInputs.ts: withGiven). */
  const keptFrom = (outs: Recorded, inputs: Recorded) =>
    withGiven(kind, compactOutputs(kind, outs), inputs) as OutputsOf<F, O>;
  const full = (stored: Recorded | undefined) => fullOutputs(kind, stored ?? {});
  return {
    check: surfaced(async (olds, given) => {
      checkBegins();
      const news = withoutDefaultedName(olds, given);
      // a read a check needs that fails names the resource (lookups.ts: readFailed)
      const named = nameOf(news);
      const resource = `cim:${kind.name}${typeof named === "string" ? ` "${named}"` : ""}`;
      return withReplaceOption(
        news,
        await checking(resource, () =>
          finishCheck({
            kind,
            olds,
            checked: checkKind(kind, olds, news),
            lookups: (inputs, region) => fieldLookups(kind, inputs, region, news, olds),
          }),
        ),
      );
    }),
    diff: surfaced(async (id, stored, given) => {
      const olds = full(stored);
      // a name not known yet that a replacement of this run keeps (the engine's dependent replacements)
      const news = withNamesKept(kind, olds, given);
      const d = await goneWith(id, olds, await diffOf(olds, news));
      if (d.changes && changesWatched(kind.name)) {
        const gone = kindsGoneWith(kind.name, olds, d.updates);
        changeSeen(kind.name, id, { updates: d.updates, gone });
      }
      // what the API would refuse of this change as the old outputs show it: refused here, at preview
      const name = typeof olds.name === "string" ? ` "${olds.name}"` : "";
      // a read it needs that fails says what it left unjudged, naming the resource (lookups.ts: readFailed)
      const refused =
        d.changes && kind.changeRefused
          ? await checking(`cim:${kind.name}${name}`, async () =>
              judgingBy(["the change"], () =>
                kind.changeRefused?.(olds, news, d.replaces, {
                  id,
                  find: findIn(kind, olds.region as string | undefined),
                }),
              ),
            )
          : undefined;
      // what it claims of its record that another resource of the program claims too (a replacement's record is
      // another, whose id is not known yet)
      const claimedTwice = d.replaces.length ? [] : claimRecord(id, news, olds);
      if (refused || claimedTwice.length)
        throw new ResourceError(`cim:${kind.name}${name} (id ${id}): ${refused ?? claimedTwice.join("; ")}`);
      // what the change does that no field of the diff shows
      const notice =
        d.changes && kind.changeNotice
          ? await kind.changeNotice(olds, news, d.replaces, () =>
              readForCheck(kind.name, olds.region as string | undefined, (s) => getLive(s, id, olds)),
            )
          : undefined;
      if (notice) await engineWarning(`cim:${kind.name}${name} (id ${id}): ${notice}`);
      const failed = isFailedRecord(kind, olds) && d.replaces.includes("state");
      const deletesFirst = d.replaces.length > 0 && d.deleteBeforeReplace === true;
      // a delete-before-replace whose run ended between the delete and the replacement's create leaves the record
      // in state, already deleted: this up makes the replacement alone, and says only that. Read for a failed
      // record alone (a healthy one's diff reads nothing, and a preview without the API says nothing more of it)
      const gone = failed && (await goneAlready(id, olds));
      if (gone)
        await engineInfo(
          `cim:${kind.name}${name} (id ${id}) is gone already (deleted by an earlier run that ended before making its replacement, or outside this program): this up deletes nothing and makes its replacement`,
        );
      // replaced for its state alone, the diff shows no more than the state going: say why
      else if (failed)
        await engineInfo(
          `cim:${kind.name}${name} (id ${id}) is in state ${olds.state} (a create that failed leaves it so): it cannot be repaired, so this up replaces it`,
        );
      // a replacement that deletes first leaves a gap `pulumi preview --diff` does not show (it lists no delete
      // step, and no info line): a warning says it, and why, in every view
      if (deletesFirst && !gone)
        await engineWarning(
          `cim:${kind.name}${name} (id ${id}): this up deletes it first, then makes its replacement, since ${d.deletesFirstWhy ?? "the new one takes what it holds, which two cannot hold at once"}: until the replacement is made, neither exists`,
        );
      // its second check (no old inputs) takes what the replaced resource holds for its own (liveChecks.ts)
      if (d.changes) noteReplacement(kind as unknown as Kind, olds, news, d.replaces.length > 0);
      return d;
    }),
    create: surfaced(async (inputs) => {
      const made = await create(inputs);
      // made: a resource checked after it that claims its record too is refused; what was checked before could not
      // name it (unless it adopts), and its next diff says so
      claimRecord(made.id, inputs, made.outs);
      return { id: made.id, outs: keptFrom(made.outs, inputs) };
    }),
    read: surfaced(async (id, props) => {
      const old = full(props);
      const got = await readNamed(id, old);
      if (!got.props) return got;
      // with the inputs the live values stand for, when they moved (readInputs.ts)
      const now = afterRead(kind, props ?? {}, old, got.props, kept(got.props));
      return { id: got.id, props: now.props as OutputsOf<F, O>, inputs: now.inputs as OutputsOf<F, O> };
    }),
    update: surfaced(async (id, olds, news) => ({
      outs: keptFrom((await update(id, full(olds), news)).outs, news),
    })),
    delete: surfaced((id, props) => remove(id, full(props))),
    imported: surfaced(importOf),
    recorded: async (s, id, inputs) => {
      const live = await getLive(s, id, inputs);
      if (!live) return undefined;
      return keptFrom(outputsOf(kind, inputs, live, s.region, await liveTags(s, live)), inputs);
    },
  };
}
