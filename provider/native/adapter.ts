// The resource calls of the native plugin, request message in, response message out, over the SAME lifecycle
// engine the dynamic path drives (providerFor → providerOf in provider/lifecycle/engine.ts): check, diff, create,
// read, update and delete mean exactly what they mean there, with the same messages. What the native protocol
// adds is mapped here: a detailed diff per property (the engine's diff names the replacing and the in-place
// fields), preview (Create/Update with `preview` change nothing and answer with what is known), the request's
// `timeout` (the program's customTimeouts, in seconds) as the operation's wait limit without recording it,
// import and `.get()` (a Read with neither inputs nor properties), and partial state carried as the gRPC
// ErrorResourceInitFailed detail so a create the API accepted is recorded as failed, never lost.

import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { providerFor } from "..";
import { kindNamed } from "../kinds";
import {
  absentOutputs,
  type Kind,
  outputNames,
  type Recorded,
  secretInputs,
  secretOutputs,
} from "../kinds/define";
import { diffFields } from "../lifecycle/diff";
import { PartialStateError } from "../lifecycle/errors";
import {
  diffRules,
  fullOutputs,
  isFailedRecord,
  keptName,
  updatePreview,
  withAbsent,
} from "../lifecycle/fields";
import { cancelRetries } from "../lifecycle/passingRefusal";
import { GIVEN, RECOVERED, withGiven } from "../lifecycle/readInputs";
import { defaultRegion, openSession } from "../lifecycle/session";
import { DEADLINE_FROM, type DeadlineSource, type Operation } from "../lifecycle/timeouts";
import { without } from "../lifecycle/values";
import { checkResponse, fromStruct, heldOutputs, type Props, plain, toStruct, UNKNOWN } from "./wire";

/** The lookups the plugin serves as invokes (injected: provider/native/server.ts `serve`). */
export interface Functions {
  /** The schema's `functions` entries, by token. */
  schemas(): Record<string, unknown>;
  /** The object types those entries refer to (the schema's `types`). */
  types(): Record<string, unknown>;
  run(token: string, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

/** A create the API accepted that then failed: the server sends it as ErrorResourceInitFailed. */
export class InitFailedError extends Error {
  constructor(
    message: string,
    readonly id: string,
    readonly properties: ReturnType<typeof toStruct>,
    readonly inputs: ReturnType<typeof toStruct>,
    readonly reasons: string[],
  ) {
    super(message);
    this.name = "InitFailedError";
  }
}

/** The kind of a resource token `cim:index:<Kind>` (or of the request's URN when the type is not given). */
export function kindOfType(type: string, urn = ""): Kind {
  const t = type || (urn.split("::")[2] ?? "").split("$").pop() || "";
  const m = /^cim:index:(\w+)$/.exec(t);
  const kind = m ? kindNamed(m[1]) : undefined;
  if (!kind)
    throw new Error(`pulumi-cim has no resource type ${JSON.stringify(t)}; its types are cim:index:<Kind>.`);
  return kind;
}

/**
 * Outputs without the hidden GIVEN output. The dynamic path writes it into every resource's outputs because the
 * dynamic-provider host gives read the old outputs alone; the engine gives the plugin the old inputs too, so the
 * plugin reads which optional inputs the program gave from them and state does not keep the list.
 */
const withoutGiven = (outs: Recorded): Recorded => without(outs, GIVEN) as Recorded;

export class Adapter {
  /** Set by Cancel: no create, update or delete starts after it. */
  private cancelled = false;

  constructor(private readonly functions?: Functions) {}

  /**
   * After Cancel no new mutation starts. Waits for a job already under way go on until their own limit (the
   * resource's timeout): stopping one half way would leave a resource the API is still making unrecorded. A wait
   * between two tries of a refused call (a network's delete waiting for an expunge) ends at once: nothing is under
   * way then. The engine, once it has cancelled, waits for the operations it started and then stops the plugin.
   */
  cancel(): void {
    this.cancelled = true;
    cancelRetries();
  }

  private mutating(what: string): void {
    if (this.cancelled)
      throw new Error(`pulumi-cim: the operation was cancelled; the ${what} was not started.`);
  }

  async check(req: provproto.CheckRequest): Promise<provproto.CheckResponse> {
    const kind = kindOfType(req.getType(), req.getUrn());
    const news = fromStruct(req.getNews());
    const olds = plain(req.getOlds());
    const given = news.values;
    // A name the program leaves out is the resource's own: every SDK sends what the program wrote.
    const name =
      kind.nameFromResource && given.adoptId === undefined ? defaultName(req.getUrn(), olds) : undefined;
    const named = name !== undefined && given.name === undefined;
    if (named) given.name = name;
    const checked = await providerFor(kind.name).check!(olds, news.values);
    const inputs = toStruct(checked.inputs as Props, [...secretInputs(kind), ...news.secrets]);
    // a name the program did not write is no property of its: the engine would show it as `name value {<nil>}`;
    // the failure is the resource's, its reason naming the name
    const failures = named
      ? checked.failures?.map((f) => (f.property === "name" ? { ...f, property: "" } : f))
      : checked.failures;
    return checkResponse(inputs, failures);
  }

  async diff(req: provproto.DiffRequest): Promise<provproto.DiffResponse> {
    const kind = kindOfType(req.getType(), req.getUrn());
    const olds = heldOutputs(req.getOlds());
    const oldInputs = plain(req.getOldInputs());
    const news = plain(req.getNews());
    // ignoreChanges: the engine has already put the old inputs in place of the ignored ones; the provider's diff
    // compares with the old outputs, so it is given those for a field they cover (what it says of the change, a
    // delete-first warning, then leaves it out), and the field is taken out of its answer too.
    // A resource recover recorded whose record lacks what its create asked (RECOVERED): that create applies it,
    // ignored fields too, as the create would have.
    const ignored = new Set(
      olds[RECOVERED] !== undefined ? [] : req.getIgnorechangesList().map((p) => /^[^.[]+/.exec(p)?.[0] ?? p),
    );
    const asked = { ...news };
    for (const k of ignored) if (Object.hasOwn(olds, k)) asked[k] = olds[k];
    const d = (await providerFor(kind.name).diff!(req.getId(), olds, asked)) as {
      replaces?: string[];
      updates?: string[];
      deleteBeforeReplace?: boolean;
    };
    const replaces = (d.replaces ?? []).filter((k) => !ignored.has(k));
    // A record a failed create left is replaced whatever the program says (its `state`): what the replacement
    // changes besides is what the program changed since that create, not where the failed record falls short of
    // it (tags never applied, a group never joined), which would show as a change from a value to the same value.
    const inPlace = isFailedRecord(kind, olds)
      ? diffFields(diffRules(kind), oldInputs, news).changed
      : (d.updates ?? []);
    const updates = inPlace.filter((k) => !ignored.has(k) && !replaces.includes(k));
    const res = new provproto.DiffResponse();
    const detailed = res.getDetaileddiffMap();
    const K = provproto.PropertyDiff.Kind;
    for (const [fields, replacing] of [
      [replaces, true],
      [updates, false],
    ] as const) {
      for (const k of fields) {
        // Secret inputs are never outputs: their old value is the old input's.
        const inOutputs = Object.hasOwn(olds, k) || !Object.hasOwn(oldInputs, k);
        const before = inOutputs ? olds[k] : oldInputs[k];
        const after = news[k];
        const pd = new provproto.PropertyDiff();
        if (before === undefined || before === null) pd.setKind(replacing ? K.ADD_REPLACE : K.ADD);
        else if (after === undefined || after === null) pd.setKind(replacing ? K.DELETE_REPLACE : K.DELETE);
        else pd.setKind(replacing ? K.UPDATE_REPLACE : K.UPDATE);
        pd.setInputdiff(!inOutputs);
        detailed.set(k, pd);
        res.addDiffs(k);
      }
    }
    res.setReplacesList(replaces);
    // What an in-place update cannot change: the fields that would replace, while they do not.
    if (!replaces.length) {
      res.setStablesList(
        Object.entries(kind.fields)
          .filter(([k, f]) => f.change === "replace" && Object.hasOwn(olds, k))
          .map(([k]) => k),
      );
    }
    // the engine reads it only when it replaces, which it also does for an in-place change replaceOnChanges names
    res.setDeletebeforereplace(d.deleteBeforeReplace === true);
    res.setHasdetaileddiff(true);
    const some = replaces.length + updates.length > 0;
    res.setChanges(
      some ? provproto.DiffResponse.DiffChanges.DIFF_SOME : provproto.DiffResponse.DiffChanges.DIFF_NONE,
    );
    return res;
  }

  async create(req: provproto.CreateRequest): Promise<provproto.CreateResponse> {
    const kind = kindOfType(req.getType(), req.getUrn());
    const news = fromStruct(req.getProperties());
    const res = new provproto.CreateResponse();
    if (req.getPreview()) {
      res.setProperties(toStruct(previewOutputs(kind, news.values), secretOutputs(kind)));
      return res;
    }
    this.mutating("create");
    const inputs = withTimeout(news.values, "create", req.getTimeout());
    try {
      const made = await providerFor(kind.name).create(inputs);
      res.setId(made.id);
      res.setProperties(
        toStruct(storedOutputs(kind, made.outs as Recorded, news.values), secretOutputs(kind)),
      );
      return res;
    } catch (err) {
      if (!(err instanceof PartialStateError)) throw err;
      throw new InitFailedError(
        err.message,
        err.id,
        toStruct(storedOutputs(kind, err.properties, news.values), secretOutputs(kind)),
        toStruct(news.values, [...secretInputs(kind), ...news.secrets]),
        err.reasons,
      );
    }
  }

  async update(req: provproto.UpdateRequest): Promise<provproto.UpdateResponse> {
    const kind = kindOfType(req.getType(), req.getUrn());
    const olds = heldOutputs(req.getOlds());
    const news = plain(req.getNews());
    const res = new provproto.UpdateResponse();
    if (req.getPreview()) {
      const outs = withAbsent(kind, updatePreview(kind, withoutGiven(fullOutputs(kind, olds)), news));
      res.setProperties(toStruct(outs, secretOutputs(kind)));
      return res;
    }
    this.mutating("update");
    const made = await providerFor(kind.name).update!(
      req.getId(),
      olds,
      withTimeout(news, "update", req.getTimeout()),
    );
    res.setProperties(toStruct(storedOutputs(kind, made.outs as Recorded, news), secretOutputs(kind)));
    return res;
  }

  async delete(req: provproto.DeleteRequest): Promise<void> {
    const kind = kindOfType(req.getType(), req.getUrn());
    this.mutating("delete");
    const props = withTimeout(heldOutputs(req.getProperties()), "delete", req.getTimeout());
    await providerFor(kind.name).delete!(req.getId(), props);
  }

  /**
   * Refresh as on the dynamic path. With neither inputs nor properties it is an import (or `.get()`): the live
   * resource's outputs, and the inputs of a program that adopts it (as `pulumi-cim import` writes them: no value its
   * field's absence means anyway, an instance booted from an ISO as one), so that Check of those inputs and a Diff
   * against the outputs find nothing to change, and the code Pulumi writes from them is what a user would write.
   */
  async read(req: provproto.ReadRequest): Promise<provproto.ReadResponse> {
    const kind = kindOfType(req.getType(), req.getUrn());
    const props = heldOutputs(req.getProperties());
    const oldInputs = fromStruct(req.getInputs());
    const importing = !Object.keys(props).length && !Object.keys(oldInputs.values).length;
    const provider = providerFor(kind.name);
    const res = new provproto.ReadResponse();
    if (importing) {
      const region = (await defaultRegion(openSession(kind.name, undefined))) ?? undefined;
      const got = await provider.imported(req.getId(), region); // none: an error naming where it looked
      res.setId(got.id);
      res.setProperties(toStruct(withAbsent(kind, fullOutputs(kind, got.props)), secretOutputs(kind)));
      res.setInputs(toStruct(got.inputs, secretInputs(kind)));
      return res;
    }
    // State written by an earlier version of the plugin carries GIVEN: kept as it is, so a refresh changes no output.
    const hidden = props[GIVEN] !== undefined;
    const got = await provider.read!(req.getId(), hidden ? props : withGiven(kind, props, oldInputs.values));
    if (!got.id || !got.props) return res; // gone: the engine drops it from state
    res.setId(got.id);
    const outs = fullOutputs(kind, got.props as Recorded);
    // recorded by recover from an interrupted create: its inputs stay what the create asked (readInputs.ts), and
    // the mark stays while the record lacks some of it, for the next up's diff
    const recovered = props[RECOVERED] !== undefined;
    // what the create asked and the record lacks: the diff the next up makes finds it (and its update clears the mark)
    const lacking = recovered && diffFields(diffRules(kind), outs, oldInputs.values).changed.length > 0;
    const shown = withAbsent(kind, hidden ? outs : withoutGiven(outs));
    res.setProperties(toStruct(lacking ? { ...shown, [RECOVERED]: true } : shown, secretOutputs(kind)));
    // Inputs the live values stand for when they moved; secret inputs are never outputs, so the program's stay.
    // When nothing moved none are sent: the engine keeps the old ones (a refresh of thousands of resources then
    // neither writes nor reads their inputs once more).
    const moved = got.inputs as Recorded | undefined;
    if (!moved || recovered) return res;
    const inputs: Recorded = { ...moved };
    for (const k of secretInputs(kind))
      if (oldInputs.values[k] !== undefined) inputs[k] = oldInputs.values[k];
    res.setInputs(toStruct(inputs, [...secretInputs(kind), ...oldInputs.secrets]));
    return res;
  }

  async invoke(req: provproto.InvokeRequest): Promise<provproto.InvokeResponse> {
    const token = req.getTok();
    const known = Object.keys(this.functions?.schemas() ?? {});
    if (!this.functions || !known.includes(token)) {
      throw new Error(
        `pulumi-cim has no function ${JSON.stringify(token)}${known.length ? `; its functions are ${known.join(", ")}` : ""}.`,
      );
    }
    const res = new provproto.InvokeResponse();
    res.setReturn(toStruct(await this.functions.run(token, plain(req.getArgs()))));
    return res;
  }
}

/**
 * The name a resource of a kind named from its resource gets when the program gives none, as Pulumi's own providers
 * auto-name: the name it already has, when the engine passes one in the old inputs (an import's: what was read; an
 * update's: what the last deployment recorded), so an import changes nothing and a program that drops `name` keeps
 * the live one; none for a resource held without one (adopted with no name); only a new resource takes the Pulumi
 * resource name (the URN's last part).
 */
export function defaultName(urn: string, olds: Props): string | undefined {
  const kept = keptName(olds);
  // held without a name (adopted with adoptId and no name: it keeps its live name, which dropping adoptId keeps)
  if (kept !== undefined) return kept ?? undefined;
  return urn.split("::").slice(3).join("::") || undefined;
}

/**
 * The program's customTimeouts (the request's `timeout`, seconds; 0: none) as the operation's limit, under the
 * `timeouts` input: what the input says for the operation wins, as on the dynamic path. The values say where the
 * deadline comes from (DEADLINE_FROM), which messages name.
 */
export function withTimeout(values: Props, op: Operation, seconds: number): Props {
  const given = values.timeouts && typeof values.timeouts === "object" ? (values.timeouts as Props) : {};
  const from = (source: DeadlineSource) => ({ [DEADLINE_FROM]: { [op]: source } });
  if (given[op] !== undefined && given[op] !== null) return { ...values, ...from("timeouts") };
  if (!(seconds > 0)) return { ...values, ...from("default") };
  return { ...values, timeouts: { ...given, [op]: Math.round(seconds * 1000) }, ...from("customTimeouts") };
}

/**
 * What state keeps: the outputs whole (the native SDK reads every output from state), with `timeouts` as the
 * program gave it (a limit from customTimeouts is not recorded), and without GIVEN (`withoutGiven`).
 */
export function storedOutputs(kind: Kind, outs: Recorded, given: Props): Recorded {
  const out = { ...withoutGiven(fullOutputs(kind, outs)) };
  if (given.timeouts === undefined) delete out.timeouts;
  else out.timeouts = given.timeouts;
  return withAbsent(kind, out);
}

/**
 * A preview create's outputs: the non-secret inputs as given; what only the API can say, unknown; an output that is
 * only an input the program left out (givenOnlyOutputs), absent.
 */
function previewOutputs(kind: Kind, news: Props): Props {
  const out: Props = {};
  const secrets = new Set(secretInputs(kind));
  const absent = absentOutputs(kind, news);
  for (const [k, v] of Object.entries(news)) if (!secrets.has(k) && !k.startsWith("__")) out[k] = v;
  for (const k of outputNames(kind)) if (out[k] === undefined && !absent.includes(k)) out[k] = UNKNOWN;
  return out;
}
