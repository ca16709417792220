// The provider's own configuration on the native path: CheckConfig, DiffConfig and Configure. The settings are
// the dynamic path's (provider/config.ts SETTINGS) and are resolved by the same function (resolveProviderConfig:
// the provider's inputs first, then CIM_*, then the default), over a reader of the request's values instead of
// the stack config. One plugin process serves one provider (the engine starts a process per provider resource),
// so the process-wide configuration of provider/config.ts is this provider's.

import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import {
  notASetting,
  resolveProviderConfig,
  SETTINGS,
  type StackConfigReader,
  setProviderConfig,
} from "../config";
import { urnName } from "../lifecycle/engineLog";
import { checkResponse, type Props, plain, toStruct } from "./wire";

const NAMES: ReadonlySet<string> = new Set(SETTINGS.map((s) => s.name));

/**
 * A reader of `cim:<setting>` over a provider's inputs (explicit provider: its args; default provider: the
 * stack's `cim:*` config, which the engine passes as args too) and the older `variables` map
 * (`cim:config:<setting>`). Values the engine typed (numbers) are read as the text the stack config would hold.
 */
export function settingsReader(
  args: Props,
  variables: ReadonlyMap<string, string> = new Map(),
): StackConfigReader {
  return (key) => {
    const name = key.startsWith("cim:") ? key.slice(4) : key;
    const v = args[name] ?? variables.get(`cim:config:${name}`) ?? variables.get(`cim:${name}`);
    if (v === undefined || v === null) return undefined;
    return typeof v === "string" ? v : typeof v === "object" ? JSON.stringify(v) : String(v);
  };
}

/**
 * The explicit provider a request is about (its name), or undefined for a default provider: the engine names
 * those `default` or `default_<version>` (and tells them apart by that prefix itself).
 */
export function explicitProvider(urn = "", name = ""): string | undefined {
  const own = name || (urn.includes("::") ? urnName(urn) : "");
  return own && !own.startsWith("default") ? own : undefined;
}

/** The setting a problem of resolveProviderConfig names (`cim:maxRetries must be …`). */
const settingOf = (problem: string) => /^(?:cim:)?(\w+) must be/.exec(problem)?.[1] ?? "";

/**
 * The provider's inputs, checked: each setting that breaks its rule is a failure naming `cim:<setting>` and the
 * rule (the CIM_* values count too: they are what the provider would use). The token goes back as a secret.
 */
export function checkConfig(req: provproto.CheckRequest): provproto.CheckResponse {
  const news = plain(req.getNews());
  const resolved = resolveProviderConfig(settingsReader(news), process.env, explicitProvider(req.getUrn()));
  const failures = resolved.problems.map((reason) => ({ property: settingOf(reason), reason }));
  // a misspelt setting (a stack's `cim:baseURL`, a YAML provider's key) would fall back to CIM_* silently
  for (const key of Object.keys(news)) {
    const reason = ENGINE_KEYS.has(key) || key.startsWith("__") ? undefined : notASetting(key);
    if (reason) failures.push({ property: key, reason });
  }
  return checkResponse(toStruct(news, ["token"]), failures);
}

/** What the engine itself puts among a provider's inputs (a default provider's version, its plugin's URL). */
const ENGINE_KEYS: ReadonlySet<string> = new Set([
  "version",
  "pluginDownloadURL",
  "pluginChecksums",
  "parameterization",
]);

/** A change of settings updates the provider in place: its resources stay (they are found by id and region). */
export function diffConfig(req: provproto.DiffRequest): provproto.DiffResponse {
  const olds = plain(req.getOldInputs() ?? req.getOlds());
  const news = plain(req.getNews());
  const res = new provproto.DiffResponse();
  const detailed = res.getDetaileddiffMap();
  for (const name of NAMES) {
    const [a, b] = [olds[name], news[name]];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    const d = new provproto.PropertyDiff();
    const K = provproto.PropertyDiff.Kind;
    d.setKind(a === undefined ? K.ADD : b === undefined ? K.DELETE : K.UPDATE);
    d.setInputdiff(true);
    detailed.set(name, d);
    res.addDiffs(name);
  }
  res.setHasdetaileddiff(true);
  res.setChanges(
    res.getDiffsList().length
      ? provproto.DiffResponse.DiffChanges.DIFF_SOME
      : provproto.DiffResponse.DiffChanges.DIFF_NONE,
  );
  return res;
}

/** Sets this process's configuration; secrets (the token) arrive and stay in memory only. */
export function configure(req: provproto.ConfigureRequest): provproto.ConfigureResponse {
  const args = plain(req.getArgs());
  const variables = new Map(req.getVariablesMap().toArray());
  const read = settingsReader(args, variables);
  setProviderConfig(
    { get: (key: string) => read(key) } as Parameters<typeof setProviderConfig>[0],
    explicitProvider(req.getUrn(), req.getName()),
  );
  const res = new provproto.ConfigureResponse();
  res.setAcceptsecrets(true);
  res.setSupportspreview(true);
  res.setAcceptresources(false);
  res.setAcceptoutputs(false);
  return res;
}
