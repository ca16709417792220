// The checks of `pulumi-cim doctor`, in the order a deployment meets them: the base URL (the client's HTTPS
// rule), whether anything answers there, the token (shape, expiry, audience, the API's verdict), the
// regions and the default one, and the account's allowances. Every HTTP call goes through the provider's
// client (provider/client); the token stays inside it. Each check yields rows; a "fail" row is something
// that makes `pulumi up` fail.

import {
  ApiError,
  CimClient,
  formatAge,
  type MyLimits,
  type Region,
  type TokenClaims,
  TokenError,
} from "../client";
import { createCredential, decodeToken, isLoopbackHost, normaliseBaseUrl } from "../client/auth";
import { apiDefaultRegion } from "../client/defaultRegion";
import { exchange, TransportFailure } from "../client/transport";
import { type ProviderConfig, SETTINGS, type SettingName } from "../config";
import { formatDuration } from "../lifecycle/timeouts";

export type Status = "ok" | "warn" | "fail" | "skip";

export interface Row {
  check: string;
  status: Status;
  detail: string;
}

export interface CheckOptions {
  /** Per-request timeout. */
  timeoutMs: number;
  /** Where each setting came from, for the details. */
  sources: Partial<Record<SettingName, string>>;
  now?: number;
}

/** Below this much time left, a token is reported as a warning: a long `up` may outlive it. */
const SHORT_LIFE_MS = 15 * 60_000;
/** From this share of a ceiling on, a limit is reported as a warning. */
const NEAR_LIMIT = 0.8;

const from = (o: CheckOptions, key: SettingName) => (o.sources[key] ? ` (${o.sources[key]})` : "");

/** The reason an error gives, short: the API's own message for API errors, else the message. */
function reason(err: unknown): string {
  if (err instanceof ApiError) return `${err.status}${err.apiMessage ? ` ${err.apiMessage}` : ""}`;
  return err instanceof Error ? err.message : String(err);
}

/** "2 s", "10 min", "2 h 5 min": how long before or after now (the client's wording). */
const duration = formatAge;

/** Base URL: present and allowed by the client (https; http only for loopback hosts). */
function checkBaseUrl(c: ProviderConfig, o: CheckOptions): { rows: Row[]; base?: string } {
  if (!c.baseUrl) {
    return {
      rows: [{ check: "base URL", status: "fail", detail: "not set: set cim:baseUrl or CIM_BASE_URL" }],
    };
  }
  try {
    const base = normaliseBaseUrl(c.baseUrl);
    const url = new URL(base);
    const rule = url.protocol === "https:" ? "https" : "http: allowed for loopback hosts only";
    return {
      rows: [{ check: "base URL", status: "ok", detail: `${base} (${rule})${from(o, "baseUrl")}` }],
      base,
    };
  } catch (err) {
    return { rows: [{ check: "base URL", status: "fail", detail: `${reason(err)}${from(o, "baseUrl")}` }] };
  }
}

/** Something answers HTTP at the base URL (no credential sent). */
async function checkReachable(base: string, o: CheckOptions): Promise<Row> {
  const started = Date.now();
  try {
    const res = await exchange({
      url: `${base}/api/v1/regions`,
      method: "GET",
      headers: { accept: "application/json" },
      timeoutMs: o.timeoutMs,
    });
    const ms = Date.now() - started;
    if (res.status === 404) {
      return {
        check: "reachable",
        status: "fail",
        detail: `${new URL(base).host} answers, but GET /api/v1/regions is 404: is cim:baseUrl the API's address?`,
      };
    }
    const status: Status = res.status >= 500 ? "warn" : "ok";
    return { check: "reachable", status, detail: `answered HTTP ${res.status} in ${ms} ms (no token sent)` };
  } catch (err) {
    const why =
      err instanceof TransportFailure
        ? err.kind === "timeout"
          ? `no answer within ${o.timeoutMs} ms`
          : `${err.code ?? "connection error"}`
        : reason(err);
    const url = new URL(base);
    const loopback = isLoopbackHost(url.hostname);
    // an https:// address whose server answers without TLS (the emulator serves plain http): it runs, so asking
    // whether it does sends the user looking in the wrong place
    const plainServer = url.protocol === "https:" && /SSL|TLS|EPROTO/i.test(why);
    const hint = plainServer
      ? loopback
        ? ` (something answers there, but not over TLS: a plain-http server such as the local emulator takes http://${url.host})`
        : " (something answers there, but not over TLS: is this the API's HTTPS address and port?)"
      : loopback
        ? " (is the emulator running?)"
        : "";
    return { check: "reachable", status: "fail", detail: `cannot reach ${url.host}: ${why}${hint}` };
  }
}

interface TokenFacts {
  rows: Row[];
  claims?: TokenClaims;
  /** The provider would refuse to build its client or send the token. */
  unusable: boolean;
}

/** Shape, expiry and audience, decoded locally (not verified), as the provider's client does. */
function checkToken(c: ProviderConfig, o: CheckOptions): TokenFacts {
  if (!c.token) {
    return {
      rows: [{ check: "token", status: "fail", detail: "not set: set CIM_TOKEN (or the secret cim:token)" }],
      unusable: true,
    };
  }
  let claims: TokenClaims;
  try {
    claims = decodeToken(c.token.trim().replace(/^Bearer\s+/i, ""));
  } catch (err) {
    return { rows: [{ check: "token", status: "fail", detail: reason(err) }], unusable: true };
  }
  const rows: Row[] = [];
  const who = claims.subject ? `subject ${claims.subject}` : "no subject";
  const idToken = claims.looksLikeIdToken ? "; it looks like an identity (ID) token" : "";
  rows.push({ check: "token", status: "ok", detail: `a JWT, ${who}${idToken}${from(o, "token")}` });

  let unusable = false;
  const now = o.now ?? Date.now();
  const exp = claims.expiresAt;
  if (!exp) rows.push({ check: "token expiry", status: "warn", detail: "no exp claim" });
  else if (exp.getTime() <= now) {
    unusable = true;
    rows.push({
      check: "token expiry",
      status: "fail",
      detail: `expired at ${exp.toISOString()} (${duration(now - exp.getTime())} ago): sign in again for a fresh token`,
    });
  } else {
    const left = exp.getTime() - now;
    rows.push({
      check: "token expiry",
      status: left < SHORT_LIFE_MS ? "warn" : "ok",
      detail: `expires at ${exp.toISOString()} (${duration(left)} left)${left < SHORT_LIFE_MS ? ": a long pulumi up may outlive it" : ""}`,
    });
  }

  const aud = (claims.audience ?? []).join(",") || "(none)";
  if (!c.audience) {
    rows.push({
      check: "token audience",
      status: "skip",
      detail: `aud ${aud}; cim:audience / CIM_AUDIENCE not set, so only the API judges it`,
    });
  } else {
    try {
      createCredential(c.token, c.audience);
      rows.push({
        check: "token audience",
        status: "ok",
        detail: `aud ${aud} includes ${c.audience}${from(o, "audience")}`,
      });
    } catch (err) {
      unusable = true;
      const why = err instanceof TokenError ? err.message : reason(err);
      rows.push({ check: "token audience", status: "fail", detail: why });
    }
  }
  return { rows, claims, unusable };
}

function regionName(r: Region): string {
  return `${r.name ?? r.id} (${r.id})`;
}

/** The default region: cim:region when set (must exist and be active), else the API's default. */
async function checkDefaultRegion(
  client: CimClient,
  regions: Region[],
  c: ProviderConfig,
  o: CheckOptions,
): Promise<{ row: Row; region?: string }> {
  const check = "default region";
  if (!c.region) {
    const d = apiDefaultRegion(regions);
    return d
      ? {
          row: { check, status: "ok", detail: `API default: ${regionName(d)}; cim:region not set` },
          region: d.id,
        }
      : { row: { check, status: "fail", detail: "cim:region not set and the API lists no active region" } };
  }
  const found = regions.find((r) => r.id === c.region);
  // a region's name where its id belongs: the API takes only ids (as the provider's check says)
  const named = found ? undefined : regions.find((r) => r.name === c.region);
  if (named) {
    return {
      row: {
        check,
        status: "fail",
        detail: `${c.region}${from(o, "region")} is a region's name; cim:region takes its id: ${named.id}`,
      },
    };
  }
  if (!found) {
    const known = regions.map(regionName).join(", ") || "none";
    // The API's own answer to the header, for the record.
    const said = await client
      .withRegion(c.region)
      .catalogue.zones()
      .then(
        () => "",
        (err) => `; the API answers ${reason(err)}`,
      );
    return {
      row: {
        check,
        status: "fail",
        detail: `${c.region}${from(o, "region")} is not a region of this API (known: ${known})${said}`,
      },
    };
  }
  if (found.active === false) {
    return {
      row: { check, status: "fail", detail: `${regionName(found)} is not active${from(o, "region")}` },
    };
  }
  try {
    // A region-scoped read: the API routes the header and finds the user's account there.
    const zones = await client.withRegion(found.id).catalogue.zones();
    return {
      row: {
        check,
        status: "ok",
        detail: `${regionName(found)}${from(o, "region")}; ${zones.length} zone(s)`,
      },
      region: found.id,
    };
  } catch (err) {
    return {
      row: { check, status: "fail", detail: `${regionName(found)}: GET /api/v1/zones ${reason(err)}` },
    };
  }
}

/** Usage against every ceiling my-limits reports (`<kind>Limit` with `<kind>Count`). */
export function quotaRows(limits: MyLimits): Row[] {
  const rows: Row[] = [];
  for (const key of Object.keys(limits)) {
    const kind = /^(\w+)Limit$/.exec(key)?.[1];
    if (!kind) continue;
    const limit = limits[key];
    const used = limits[`${kind}Count`] ?? 0;
    if (typeof limit !== "number" || typeof used !== "number") continue;
    const check = `quota ${kind}`;
    if (used >= limit) {
      rows.push({
        check,
        status: "fail",
        detail: `${used} of ${limit} used: creating another ${kind} fails ("Maximum number of resources … has been exceeded"); delete some or ask for a higher ${key}`,
      });
    } else {
      const near = used >= limit * NEAR_LIMIT;
      rows.push({
        check,
        status: near ? "warn" : "ok",
        detail: `${used} of ${limit} used, ${limit - used} left`,
      });
    }
  }
  return rows;
}

/** Runs every check; later checks are skipped (with the reason) when an earlier one makes them moot. */
/**
 * The client settings the provider would apply (timeout, read retries, concurrency ceiling), each with where
 * it came from; a value that breaks its rule fails, as the provider refuses it before any change.
 */
function checkClientSettings(c: ProviderConfig, o: CheckOptions): Row {
  if (c.problems.length) return { check: "client settings", status: "fail", detail: c.problems.join(" ") };
  const shown: Record<"requestTimeout" | "maxRetries" | "maxConcurrentRequests", string | undefined> = {
    requestTimeout: formatDuration(c.requestTimeoutMs),
    maxRetries: String(c.maxRetries),
    maxConcurrentRequests: c.maxConcurrentRequests?.toString(),
  };
  const parts = Object.entries(shown).map(([name, value]) => {
    const key = name as keyof typeof shown;
    const source = o.sources[key] ?? `default`;
    return `${name} ${value ?? SETTINGS.find((s) => s.name === key)!.default} (${source})`;
  });
  return { check: "client settings", status: "ok", detail: parts.join(", ") };
}

export async function runChecks(c: ProviderConfig, o: CheckOptions): Promise<Row[]> {
  const { rows, base } = checkBaseUrl(c, o);
  rows.push(checkClientSettings(c, o));
  let reachable = false;
  if (base) {
    const row = await checkReachable(base, o);
    reachable = row.status !== "fail";
    rows.push(row);
  } else rows.push({ check: "reachable", status: "skip", detail: "not tried: no usable base URL" });

  const token = checkToken(c, o);
  rows.push(...token.rows);
  const skip = (check: string, why: string) => rows.push({ check, status: "skip", detail: why });
  const blocked =
    !base || !reachable ? "the API is not reachable" : token.unusable ? "the token is unusable" : "";
  if (blocked || !c.token || !base) {
    for (const check of ["token accepted", "regions", "default region", "quota"])
      skip(check, `not tried: ${blocked}`);
    return rows;
  }

  // No audience here: the API's own verdict is wanted even when the local preflight refused the token.
  let client: CimClient;
  let regions: Region[];
  try {
    client = new CimClient({
      baseUrl: base,
      token: c.token,
      timeoutMs: o.timeoutMs,
      retry: { maxRetries: 0 },
    });
    regions = await client.catalogue.regions();
    rows.push({ check: "token accepted", status: "ok", detail: "the API accepted it (GET /api/v1/regions)" });
  } catch (err) {
    rows.push({ check: "token accepted", status: "fail", detail: `refused: ${reason(err)}` });
    for (const check of ["regions", "default region", "quota"])
      skip(check, "not tried: the token was refused");
    return rows;
  }
  rows.push({
    check: "regions",
    status: regions.length ? "ok" : "fail",
    detail:
      `${regions.length}: ` +
      regions
        .map(
          (r) =>
            `${r.name ?? r.id}${r.primary ? " (primary)" : ""}${r.active === false ? " (inactive)" : ""}`,
        )
        .join(", "),
  });
  const { row, region } = await checkDefaultRegion(client, regions, c, o);
  rows.push(row);

  try {
    rows.push(...quotaRows(await client.withRegion(region).catalogue.myLimits()));
  } catch (err) {
    rows.push({ check: "quota", status: "warn", detail: `GET /api/v1/tenants/my-limits: ${reason(err)}` });
  }
  return rows;
}
