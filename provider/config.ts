// The provider's settings, in one place: each setting's stack config key, environment variable, default and
// rule (SETTINGS), and the one resolution (stack config, then CIM_* environment, then the default) that the
// dynamic provider's configure(), the SDK's lookups and `pulumi-cim doctor` all use, with the client options
// it yields. A value that breaks its rule is reported as a problem naming the setting and the rule; the token
// is never part of a message.

import type * as pulumi from "@pulumi/pulumi";
import { type CimClientOptions, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS } from "./client";
import type { TokenSource } from "./client/tokenText";
import { formatDuration, parseDuration } from "./lifecycle/timeouts";

/** The largest cim:requestTimeout: a request the API has not answered in an hour will not be answered. */
const MAX_REQUEST_TIMEOUT_MS = 3_600_000;
const MAX_RETRIES = 10;
const MAX_CONCURRENT_REQUESTS = 256;

export interface Setting {
  /** The key after `cim:` in stack config. */
  name: string;
  env: string;
  /** The default, as the Settings table (docs/installation-configuration.md) and doctor show it. */
  default: string;
}

/** Every setting, in the order the Settings table of docs/installation-configuration.md lists them (a test holds the two together). */
export const SETTINGS = [
  { name: "baseUrl", env: "CIM_BASE_URL", default: "none: required" },
  { name: "token", env: "CIM_TOKEN", default: "none: required" },
  { name: "region", env: "CIM_REGION", default: "the API's default region" },
  { name: "audience", env: "CIM_AUDIENCE", default: "not checked" },
  { name: "requestTimeout", env: "CIM_REQUEST_TIMEOUT", default: formatDuration(DEFAULT_TIMEOUT_MS) },
  { name: "maxRetries", env: "CIM_MAX_RETRIES", default: String(DEFAULT_MAX_RETRIES) },
  { name: "maxConcurrentRequests", env: "CIM_MAX_CONCURRENT_REQUESTS", default: "no limit" },
] as const satisfies readonly Setting[];

export type SettingName = (typeof SETTINGS)[number]["name"];

const settingNamed = (name: SettingName): Setting => SETTINGS.find((s) => s.name === name)!;

/**
 * Why `cim:<key>` is no setting (a misspelt `baseURL`, which would leave the setting to CIM_* silently), naming the
 * setting meant where only the case differs; undefined for a setting.
 */
export function notASetting(key: string): string | undefined {
  if (SETTINGS.some((s) => s.name === key)) return undefined;
  return notSettings([key], "cim:", " of pulumi-cim");
}

/**
 * "<keys> is not a setting…": each key that is none, with the setting meant where only its case differs, and the
 * settings there are. `prefix` comes before each name (`cim:` for stack config), `of` after "a setting".
 */
export function notSettings(keys: readonly string[], prefix = "", of = ""): string {
  const shown = (k: string) => (prefix ? `${prefix}${k}` : JSON.stringify(k));
  const meant = keys.flatMap((k) => {
    const like = settingMeant(k);
    return like ? [keys.length > 1 ? `${shown(like)} for ${shown(k)}` : shown(like)] : [];
  });
  return `${keys.map(shown).join(", ")} is not a setting${of}${meant.length ? ` (did you mean ${meant.join(", ")}?)` : ""}; the settings: ${SETTINGS.map((s) => s.name).join(", ")}`;
}

/** The setting a key that is none stands for when only its case differs (`baseURL`: `baseUrl`). */
export const settingMeant = (key: string): string | undefined =>
  SETTINGS.find((s) => s.name.toLowerCase() === key.toLowerCase())?.name;

/**
 * How messages name a setting: `cim:requestTimeout (CIM_REQUEST_TIMEOUT)` for the stack config's (the default
 * provider's), `the region of provider "ams" (or CIM_REGION)` for an explicit provider's, whose settings are its
 * inputs and never the stack's `cim:*`.
 */
export function settingLabel(name: SettingName, provider?: string): string {
  const env = settingNamed(name).env;
  return provider ? `${providerSetting(name, provider)} (or ${env})` : `cim:${name} (${env})`;
}

/** An explicit provider's setting, as messages name it: `the region of provider "ams"`. */
const providerSetting = (name: SettingName, provider: string) => `the ${name} of provider "${provider}"`;

/**
 * Where a setting's value came from, as messages name it: the stack's settings as `cim:region (CIM_REGION)`; an
 * explicit provider's as `the region of provider "ams"`, or `CIM_REGION` when the environment gave it.
 */
export function settingOrigin(name: SettingName, c: ProviderConfig): string {
  if (!c.provider) return settingLabel(name);
  return c.sources[name] === "env" ? settingNamed(name).env : providerSetting(name, c.provider);
}

/** What to set when the API's address or token is missing, for the stack's settings or an explicit provider's. */
export function missingSettingsAdvice(missing: readonly ("baseUrl" | "token")[], provider?: string): string {
  if (provider)
    return `give provider "${provider}" its ${missing.join(" and ")} (${missing.includes("token") ? "the token a secret input" : "an input"}), or set ${missing.map((m) => settingNamed(m).env).join(" and ")} (an explicit provider does not read the stack's cim:* config)`;
  const named = { baseUrl: "cim:baseUrl (or CIM_BASE_URL)", token: "the secret cim:token (or CIM_TOKEN)" };
  return `set ${missing.map((m) => named[m]).join(" and ")}`;
}

/** Where the client's messages say the token came from (client/tokenText.ts). */
export function tokenSourceOf(c: ProviderConfig): TokenSource | undefined {
  const from = c.sources.token;
  return from === "stack" && c.provider ? { provider: c.provider } : from;
}

/** Provider settings, resolved: stack config (`cim:*`) first, then the environment, then the default. */
export interface ProviderConfig {
  baseUrl?: string;
  region?: string;
  audience?: string;
  /** Held only in this process's memory; never returned in outputs, logs or errors. */
  token?: string;
  /** cim:requestTimeout in milliseconds. */
  requestTimeoutMs: number;
  /** cim:maxRetries: retries of a read. */
  maxRetries: number;
  /** cim:maxConcurrentRequests; undefined: no ceiling. */
  maxConcurrentRequests?: number;
  /** Where each value that is set came from: `stack` is the reader's (an explicit provider's inputs when `provider` is set). */
  sources: Partial<Record<SettingName, "stack" | "env">>;
  /** The explicit provider whose inputs the reader gave (its name); undefined: the stack config's, the default provider's. */
  provider?: string;
  /** One sentence per value that breaks its setting's rule (its default is used in its place). */
  problems: string[];
}

/** Reads one stack config key (`cim:` prefixed); undefined when the stack does not set it. */
export type StackConfigReader = (key: string) => string | undefined;

const noStackConfig: StackConfigReader = () => undefined;

/** A whole number in [min, max]; undefined when the text is not one. */
function wholeNumber(v: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(v)) return undefined;
  const n = Number(v);
  return n >= min && n <= max ? n : undefined;
}

/**
 * The settings from a stack config reader and an environment. A value counts as set when it is not blank,
 * so a blank stack value falls back to the environment as an unset one does.
 */
export function resolveProviderConfig(
  stack: StackConfigReader = noStackConfig,
  env: NodeJS.ProcessEnv = process.env,
  provider?: string,
): ProviderConfig {
  const sources: ProviderConfig["sources"] = {};
  const problems: string[] = [];
  const raw = (name: SettingName): string | undefined => {
    const fromStack = stack(`cim:${name}`);
    if (fromStack !== undefined && fromStack !== null && String(fromStack).trim() !== "") {
      sources[name] = "stack";
      return String(fromStack);
    }
    const fromEnv = env[settingNamed(name).env];
    if (fromEnv !== undefined && fromEnv.trim() !== "") {
      sources[name] = "env";
      return fromEnv;
    }
    return undefined;
  };
  // A value that breaks the rule: the default stands in, and the problem names the setting, the rule and the
  // value's origin (these settings are plain numbers and durations, never secrets).
  const parsed = <T>(name: SettingName, parse: (v: string) => T | undefined, rule: string, fallback: T) => {
    const v = raw(name)?.trim();
    if (v === undefined) return fallback;
    const value = parse(v);
    if (value !== undefined) return value;
    const where =
      sources[name] !== "stack"
        ? settingNamed(name).env
        : provider
          ? `provider "${provider}"`
          : "the stack config";
    problems.push(
      `${provider ? name : `cim:${name}`} must be ${rule}; got ${JSON.stringify(v)} from ${where}.`,
    );
    return fallback;
  };
  return {
    baseUrl: raw("baseUrl"),
    token: raw("token"),
    region: raw("region"),
    audience: raw("audience"),
    requestTimeoutMs: parsed(
      "requestTimeout",
      (v) => {
        const ms = parseDuration(v);
        return ms !== undefined && ms <= MAX_REQUEST_TIMEOUT_MS ? ms : undefined;
      },
      'a duration such as "30s", "2m" or "1500ms", or a number of milliseconds, above 0 and at most 1h',
      DEFAULT_TIMEOUT_MS,
    ),
    maxRetries: parsed(
      "maxRetries",
      (v) => wholeNumber(v, 0, MAX_RETRIES),
      `a whole number from 0 (one attempt per read) to ${MAX_RETRIES}`,
      DEFAULT_MAX_RETRIES,
    ),
    maxConcurrentRequests: parsed<number | undefined>(
      "maxConcurrentRequests",
      (v) => wholeNumber(v, 1, MAX_CONCURRENT_REQUESTS),
      `a whole number from 1 to ${MAX_CONCURRENT_REQUESTS}`,
      undefined,
    ),
    sources,
    provider,
    problems,
  };
}

/**
 * What the client settings make of a client: its timeout (named in its errors), read retries and ceiling, and
 * where its token came from (its messages name that setting).
 */
export function clientSettings(
  c: ProviderConfig,
): Pick<CimClientOptions, "timeoutMs" | "timeoutName" | "retry" | "maxConcurrentRequests" | "tokenSource"> {
  return {
    timeoutMs: c.requestTimeoutMs,
    timeoutName: settingLabel("requestTimeout", c.provider),
    retry: { maxReadRetries: c.maxRetries },
    maxConcurrentRequests: c.maxConcurrentRequests,
    tokenSource: tokenSourceOf(c),
  };
}

let stackConfig: StackConfigReader | undefined;
let current: ProviderConfig | undefined;

/**
 * Called by configure() with the whole stack config (secrets in plain text, kept in memory only); on the native
 * path, with an explicit provider's inputs and its name.
 */
export function setProviderConfig(config: pulumi.dynamic.Config, provider?: string): void {
  stackConfig = (key) => config.get(key);
  current = resolveProviderConfig(stackConfig, process.env, provider);
}

/** The explicit provider this process serves (its name), if configure() named one. */
export const configuredProvider = (): string | undefined => current?.provider;

/**
 * The stack config configure() gave this process, read when called (undefined before configure()): what the
 * lookups a provider process runs read their settings through, so they use the provider's configuration.
 */
export const processStackConfig: StackConfigReader = (key) => stackConfig?.(key);

/**
 * The settings of this process. Before configure() has run (reads), and while neither address nor token is
 * set anywhere, they are resolved again, so CIM_* variables set since count.
 */
export function providerConfig(): ProviderConfig {
  if (!current || (!current.baseUrl && !current.token))
    return resolveProviderConfig(stackConfig, process.env, current?.provider);
  return current;
}
