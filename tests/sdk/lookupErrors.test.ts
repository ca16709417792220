// What a program's lookups say when its settings or the API are wrong, for every cause a user meets: the
// quickstart's lookups (examples/quickstart/index.ts) run in-process with the settings of each cause, and all of
// them fail with one error object (the engine reports each error object once) that names the cause and what to
// fix, is a pulumi.RunError with no stack of ours (the CLI prints its message alone), and holds no token. The
// CLI runs of a sample of these causes, at preview and at up, are in tests/e2e/errors.test.ts.
import * as pulumi from "@pulumi/pulumi";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Emulator, startEmulator } from "../../emulator";
import * as cim from "../../sdk";
import { clearLookupCache } from "../../sdk/lookups";
import { inAnHour, OUR_STACK, unsignedJwt } from "../fixtures/jwts";

let emu: Emulator;
let token: string;
const saved = { ...process.env };

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  token = await emu.token();
});

afterEach(() => {
  process.env = { ...saved };
  clearLookupCache();
});

afterAll(async () => {
  process.env = saved;
  await emu?.close();
});

/** The quickstart's lookups (zone given by name), as its program starts them: all at once. */
function quickstartLookups(zoneName = "de-fra-1a"): Promise<unknown>[] {
  const zone = cim.getZone(zoneName);
  return [
    zone,
    cim.getTemplate("Ubuntu 22.04 LTS"),
    cim.getComputeOffering("Small"),
    cim.getComputeOffering("Medium"),
    zone.then((z) => cim.getBackupOffering({ name: "Standard", zoneId: z.id })),
    cim.getVpcOffering("Default VPC"),
    cim.getNetworkOffering({ name: "VPC Tier" }),
  ];
}

/** Runs the quickstart's lookups with these settings over the emulator's and the user's token. */
async function failures(env: Record<string, string>, zone?: string): Promise<unknown[]> {
  Object.assign(process.env, { CIM_BASE_URL: emu.url, CIM_TOKEN: token });
  delete process.env.CIM_REGION;
  delete process.env.CIM_AUDIENCE;
  Object.assign(process.env, env);
  clearLookupCache();
  return Promise.all(
    quickstartLookups(zone).map((p) =>
      p.then(
        () => undefined,
        (e: unknown) => e,
      ),
    ),
  );
}

/** Every lookup failed with the same error: the cause once, what to fix, no stack of ours, no token. */
function expectOneCause(errors: unknown[], cause: RegExp, fix: string, secret?: string) {
  const distinct = [...new Set(errors)];
  expect(distinct, "every lookup failed, with one error object").toHaveLength(1);
  const err = distinct[0] as Error;
  expect(err).toBeInstanceOf(Error);
  expect(pulumi.RunError.isInstance(err), "a RunError: the CLI prints its message without a stack").toBe(
    true,
  );
  expect(err.message).toMatch(cause);
  expect(err.message).toContain(fix);
  expect(String(err.stack), "no stack trace of pulumi-cim's code").not.toMatch(OUR_STACK);
  for (const s of [token, secret].filter(Boolean) as string[]) {
    expect(err.message).not.toContain(s);
    expect(String(err.stack)).not.toContain(s);
  }
}

describe("the quickstart's lookups with wrong settings fail once, naming the cause and the fix", () => {
  const expired = unsignedJwt({ sub: "user-1", aud: "cim-api", exp: 1_000 });
  const unsigned = unsignedJwt({ sub: "user-1", aud: "cim-api", exp: inAnHour() });
  const cases: [string, () => Promise<Record<string, string>>, RegExp, string, string?][] = [
    [
      "missing settings",
      async () => ({ CIM_BASE_URL: "", CIM_TOKEN: "" }),
      /the API address and token are needed/,
      "CIM_BASE_URL",
    ],
    // the token came from CIM_TOKEN: the advice names that variable
    ["a malformed token", async () => ({ CIM_TOKEN: "not-a-jwt" }), /not a usable JWT/, "CIM_TOKEN"],
    ["an expired token", async () => ({ CIM_TOKEN: expired }), /expired/, "CIM_TOKEN", expired],
    [
      "a token for another audience",
      async () => ({ CIM_AUDIENCE: "another-api" }),
      /audience/,
      "another-api",
    ],
    ["an http address", async () => ({ CIM_BASE_URL: "http://cloud.example.com" }), /HTTPS/, "cim:baseUrl"],
    [
      "a 401 from the API",
      async () => ({ CIM_TOKEN: unsigned }),
      /401|not accepted|rejected|signature/i,
      "token",
      unsigned,
    ],
    [
      "a 403 from the API",
      async () => ({ CIM_TOKEN: await emu.token({ sub: "nobody" }) }),
      /403|not registered/i,
      "nobody",
    ],
    [
      "an endpoint that refuses connections",
      async () => ({ CIM_BASE_URL: "http://127.0.0.1:9" }),
      /could not talk to http:\/\/127\.0\.0\.1:9/,
      "CIM_BASE_URL",
    ],
    [
      "a TLS failure",
      async () => ({ CIM_BASE_URL: `https://127.0.0.1:${new URL(emu.url).port}` }),
      /could not talk to https:\/\/127\.0\.0\.1/,
      "CIM_BASE_URL",
    ],
    [
      "an unknown region by name",
      async () => ({ CIM_REGION: "atlantis-1" }),
      /no region named "atlantis-1"/,
      "atlantis-1",
    ],
  ];
  for (const [label, env, cause, fix, secret] of cases) {
    it(label, async () => {
      const settings = await env();
      expectOneCause(await failures(settings), cause, fix, secret ?? settings.CIM_TOKEN);
    });
  }

  it("an unknown zone by name", async () => {
    const errors = await failures({}, "nowhere-1a");
    // the zone's miss, and the backup offering that waits for the zone: one error
    const missed = [...new Set(errors.filter(Boolean))];
    expectOneCause(missed, /no zone named "nowhere-1a"/, "Candidates");
    expect(
      errors.filter((e) => e === undefined),
      "the other lookups found theirs",
    ).toHaveLength(5);
  });
});
