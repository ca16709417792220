// What every kind's check does after its own rules: resolve the region (the input, else cim:region), check
// the provider settings (base URL, token, region) so a broken configuration fails at preview, check that the
// region exists and look ids up in it (best effort, see lookups.ts), and count creates for the quota
// preflight. Settings failures name the config key; nothing here ever prints the token.

import { ConfigurationError, formatAge, TokenError, tokenAdvice } from "../client";
import { providerConfig, settingLabel, settingOrigin, tokenSourceOf } from "../config";
import type { Checked, CheckFailure } from "./check";
import { judgingBy, regionsOf } from "./lookups";
import { type QuotaSubject, quotaPreflight } from "./quotaPreflight";
import { isConfigured, openSession } from "./session";
import { compact, containsUnknown } from "./values";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CheckRun<I> {
  kind: QuotaSubject;
  /** Old inputs as the engine passed them (empty for a new resource). */
  olds: Record<string, unknown>;
  checked: Checked<I>;
  /** Region-aware lookups of the kind, run when everything else passed. */
  lookups?: (inputs: I, region: string | undefined) => Promise<CheckFailure[]>;
}

export async function finishCheck<I>(
  run: CheckRun<I>,
): Promise<{ inputs: Record<string, unknown>; failures: CheckFailure[] }> {
  const { inputs, failures } = run.checked;
  const given = (inputs as { region?: string }).region;
  const settings = providerConfig();
  const configured = settings.region || undefined;
  const region = given ?? configured;
  const inputsOut = compact({ ...(inputs as Record<string, unknown>), region });
  failures.push(...settingsFailures());
  if (given === undefined && configured !== undefined && !UUID.test(configured)) {
    // not the resource's input (it gives none), so no property: the engine would print it as `region value {<nil>}`
    failures.push({
      property: "",
      reason: `region must be an id (a UUID), not a name: ${settingOrigin("region", settings)} is ${JSON.stringify(configured)}; the getRegion lookup gives its id`,
    });
  }
  if (failures.length) return { inputs: inputsOut, failures };
  if (region !== undefined && !containsUnknown(region)) {
    const regions = await judgingBy(["region"], () => regionsOf(run.kind.name));
    if (regions && !regions.some((r) => r.id === region)) {
      const known = regions.map((r) => `${r.name ?? "?"} (${r.id})`).join(", ");
      const source = given === undefined ? `, from ${settingOrigin("region", settings)},` : "";
      failures.push({
        property: given === undefined ? "" : "region",
        reason: `region ${region}${source} is not a region of the API; known: ${known}`,
      });
    }
  }
  if (!failures.length && run.lookups) failures.push(...(await run.lookups(inputs, region)));
  if (!failures.length) await quotaPreflight(run.kind, run.olds, inputsOut);
  return { inputs: inputsOut, failures };
}

/** Problems with cim:baseUrl, cim:token and cim:audience that no call can get past. */
export function settingsFailures(): CheckFailure[] {
  const settings = providerConfig();
  if (settings.problems.length) return settings.problems.map((reason) => ({ property: "", reason }));
  if (!isConfigured()) return [];
  try {
    const { client } = openSession("settings", undefined);
    const expires = client.tokenClaims.expiresAt;
    if (expires && expires.getTime() <= Date.now()) {
      return [
        {
          property: "",
          reason: `${settingOrigin("token", settings)} expired at ${expires.toISOString()} (${formatAge(Date.now() - expires.getTime())} ago): tokens last minutes to hours. Sign in to the console again, copy a fresh access token and ${tokenAdvice(tokenSourceOf(settings))}.`,
        },
      ];
    }
    return [];
  } catch (err) {
    const label = (name: "token" | "baseUrl") => settingLabel(name, settings.provider);
    if (err instanceof TokenError) return [{ property: "", reason: `${label("token")}: ${err.message}` }];
    if (err instanceof ConfigurationError)
      return [{ property: "", reason: `${label("baseUrl")}: ${err.message}` }];
    return [];
  }
}
