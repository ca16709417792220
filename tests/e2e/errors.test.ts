// What a user reads when something is wrong, through the real CLI: each cause once, naming what to fix, with
// no stack trace of ours and no token, and a failing exit. The engine's diagnostics are counted (the CLI's
// display prints each diagnostic more than once: as it happens and in its summary), and the whole output is
// searched for stack lines and the token.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpResult, runPulumi, sourceHome } from "../harness";
import { exampleProgram, startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;
let ids: Record<string, string>;
beforeAll(async () => {
  api = await startApi();
  const c = api.client;
  ids = {
    "cim-e2e:zoneId": (await c.catalogue.zones())[0].id,
    "cim-e2e:templateId": (await c.catalogue.templates()).find((t) => t.name === "Ubuntu 22.04 LTS")!.id,
    "cim-e2e:offeringId": (await c.catalogue.computeOfferings()).find((o) => o.name === "Small")!.id,
  };
}, 60_000);
afterAll(async () => {
  await api?.close();
});

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
const jwt = (claims: object) => `${b64({ alg: "ES256", typ: "JWT", kid: "k" })}.${b64(claims)}.c2lnbmF0dXJl`;
const hour = () => Math.floor(Date.now() / 1000) + 3600;

/** A stack line of pulumi-cim's own code (the engine's and Node's are not ours to hide). */
const OUR_STACK = /^\s*at .*(\/provider\/|\/sdk\/|\/emulator\/|pulumi-cim\/dist\/)/m;

/** Asserts what the user read: the cause once, the thing to fix, no stack of ours, no token. */
function expectOneCause(r: OpResult, cause: RegExp, fix: string | RegExp, token?: string) {
  expect(r.ok, "the command fails").toBe(false);
  const reported = (r.diagnostics ?? []).filter((d) => d.severity === "error");
  // An inline program's host (the Automation API's) reports the program's failure once more as the run's
  // result, with the same text and no resource; a CLI run of a program on disk reports it once. Not counted.
  const last = reported.at(-1);
  if (last && !last.urn && reported.slice(0, -1).some((d) => d.message === last.message)) reported.pop();
  const errors = reported.map((d) => d.message);
  const matching = errors.filter((m) => cause.test(m));
  expect(matching, `the cause is reported once; errors were:\n${errors.join("\n")}`).toHaveLength(1);
  expect(matching[0]).toMatch(
    typeof fix === "string" ? new RegExp(fix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : fix,
  );
  const everything = [r.output ?? "", r.error ?? "", ...(r.diagnostics ?? []).map((d) => d.message)].join(
    "\n",
  );
  expect(everything, "no stack trace of pulumi-cim's code").not.toMatch(OUR_STACK);
  for (const secret of [api.token, token].filter(Boolean) as string[])
    expect(everything).not.toContain(secret);
}

describe("in the program: lookups and settings (the quickstart, six lookups), at preview and at up", () => {
  /** `pulumi preview`, then `pulumi up`, of the quickstart with these settings: both must fail the same way. */
  const preview = async (label: string, env: Record<string, string>, config: Record<string, string> = {}) => {
    const home = sourceHome(`errors-${label}`);
    const [preview, up] = await runPulumi({
      home,
      stackName: uniqueStack(`errors-${label}`),
      program: exampleProgram(home, "quickstart"),
      steps: [
        { op: "preview", expectFailure: true, config },
        { op: "up", expectFailure: true },
        { op: "rm" },
      ],
      envVars: { ...api.envVars, ...env },
    });
    return [preview, up];
  };
  const expectBoth = (runs: OpResult[], cause: RegExp, fix: string | RegExp, token?: string) => {
    for (const r of runs) expectOneCause(r, cause, fix, token);
  };

  it("missing settings, a malformed, expired or wrong-audience token, an http address", async () => {
    const expired = jwt({ sub: "user-1", aud: "cim-api", exp: 1_000 });
    const cases: [string, Record<string, string>, RegExp, string, string?][] = [
      ["missing", { CIM_BASE_URL: "", CIM_TOKEN: "" }, /need the API address and token/, "CIM_BASE_URL"],
      ["malformed", { CIM_TOKEN: "not-a-jwt" }, /not a usable JWT/, "cim:token"],
      ["expired", { CIM_TOKEN: expired }, /expired/, "cim:token", expired],
      ["audience", { CIM_AUDIENCE: "another-api" }, /audience/, "another-api"],
      ["http", { CIM_BASE_URL: "http://cloud.example.com" }, /HTTPS/, "cim:baseUrl"],
    ];
    // independent stacks and settings: previewed side by side
    const results = await Promise.all(cases.map(([label, env]) => preview(label, env)));
    for (const [i, [, , cause, fix, token]] of cases.entries()) expectBoth(results[i], cause, fix, token);
  }, 300_000);

  it("a 401 and a 403 from the API, an endpoint that refuses connections, a TLS failure", async () => {
    const unsigned = jwt({ sub: "user-1", aud: "cim-api", exp: hour() });
    const stranger = await api.emu.token({ sub: "nobody" });
    const port = new URL(api.emu.url).port;
    const cases: [string, Record<string, string>, RegExp, string, string?][] = [
      ["401", { CIM_TOKEN: unsigned }, /401|not accepted|rejected|signature/i, "token", unsigned],
      ["403", { CIM_TOKEN: stranger }, /403|not registered/i, "nobody", stranger],
      [
        "refused",
        { CIM_BASE_URL: "http://127.0.0.1:9" },
        /could not talk to http:\/\/127\.0\.0\.1:9/,
        "CIM_BASE_URL",
      ],
      [
        "tls",
        { CIM_BASE_URL: `https://127.0.0.1:${port}` },
        /could not talk to https:\/\/127\.0\.0\.1/,
        "CIM_BASE_URL",
      ],
    ];
    // independent stacks and settings: previewed side by side
    const results = await Promise.all(cases.map(([label, env]) => preview(label, env)));
    for (const [i, [, , cause, fix, token]] of cases.entries()) expectBoth(results[i], cause, fix, token);
  }, 300_000);

  it("an unknown region or zone by name", async () => {
    expectBoth(
      await preview("region", { CIM_REGION: "atlantis-1" }),
      /no region named "atlantis-1"/,
      "atlantis-1",
    );
    expectBoth(
      await preview("zone", {}, { "cim-e2e:zone": "nowhere-1a" }),
      /no zone named "nowhere-1a"/,
      "Candidates",
    );
  }, 300_000);
});

describe("in the provider: create, update, refresh and destroy", () => {
  const program = path.join(__dirname, "programs", "errors.cjs");
  const stack = (label: string) => {
    const home = sourceHome(`errors-${label}`);
    const stackName = uniqueStack(`errors-${label}`);
    return (steps: Parameters<typeof runPulumi>[0]["steps"], env: Record<string, string> = {}) =>
      runPulumi({ home, stackName, program, steps, envVars: { ...api.envVars, ...env } });
  };

  it("quota and capacity failures of the deploy job, a job timeout, 5xx after retries", async () => {
    const zone = ids["cim-e2e:zoneId"];
    const cases: [
      string,
      () => Promise<void>,
      () => Promise<void>,
      RegExp,
      string,
      Record<string, string>?,
    ][] = [
      [
        "quota",
        () => api.control.limits({ instanceLimit: 0 }).then(() => undefined),
        () => api.control.limits({ instanceLimit: 1000 }).then(() => undefined),
        /Maximum number of resources of type 'user_vm' for account name=user-1 in domain id=\S+ has been exceeded\./,
        "quota ceiling",
      ],
      [
        "capacity",
        () => api.control.zoneCapacity(zone, 0).then(() => undefined),
        () => api.control.zoneCapacity(zone, 2000).then(() => undefined),
        /Unable to create a deployment for VM\[User\|i-\d+-\d+-VM\]/,
        "pulumi up again",
      ],
      [
        "timeout",
        () => api.control.pauseClock(true).then(() => undefined),
        () => api.control.pauseClock(false).then(() => undefined),
        /timeouts\.create/,
        "timeouts.create",
        { "cim-e2e:timeout": "3s" },
      ],
      [
        "5xx",
        () =>
          api.control
            .fault({ method: "POST", route: "/api/v1/compute/instances", status: 503 })
            .then(() => undefined),
        () => api.control.clearFaults(),
        /503/,
        "run again",
      ],
    ];
    for (const [label, arm, disarm, cause, fix, config] of cases) {
      const run = stack(label);
      await arm();
      try {
        const [r] = await run([{ op: "up", expectFailure: true, config: { ...ids, ...config } }]);
        expectOneCause(r, cause, fix);
      } finally {
        await disarm();
      }
      await run([{ op: "destroy" }, { op: "rm" }]);
    }
  }, 600_000);

  it("a resource deleted out of band during an update; refresh and destroy without a route to the API", async () => {
    const run = stack("gone");
    const [up] = await run([{ op: "up", config: ids }]);
    const refused = { CIM_BASE_URL: "http://127.0.0.1:9" };
    const [refresh, destroy] = await run(
      [
        { op: "refresh", expectFailure: true },
        { op: "destroy", expectFailure: true },
      ],
      refused,
    );
    expectOneCause(refresh, /refresh failed: .*could not talk to/, "CIM_BASE_URL");
    expectOneCause(destroy, /delete failed: .*could not talk to/, "CIM_BASE_URL");

    await api.client.jobs.wait(await api.client.instances.delete(String(up.outputs!.vmId)), {
      firstDelayMs: 0,
    });
    const [update] = await run([
      { op: "up", expectFailure: true, config: { "cim-e2e:displayName": "renamed" } },
    ]);
    expectOneCause(update, /no longer exists/, "pulumi refresh");
    await run([{ op: "refresh" }, { op: "destroy" }, { op: "rm" }]);
  }, 300_000);
});
