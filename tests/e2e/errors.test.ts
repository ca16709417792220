// What a user reads when something is wrong, through the real CLI: each cause once, naming what to fix, with
// no stack trace of ours and no token, and a failing exit. The engine's diagnostics are counted (the CLI's
// display prints each diagnostic more than once: as it happens and in its summary), and the whole output is
// searched for stack lines and the token.
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inAnHour, OUR_STACK, unsignedJwt } from "../fixtures/jwts";
import { type OpResult, runPulumi, StackSession, type Step, sourceHome } from "../harness";
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

  // What each cause says (missing settings, a malformed, expired or wrong-audience token, an http address, a 401
  // and a 403, an endpoint that refuses connections, a TLS failure, an unknown region or zone) is checked
  // in-process with the quickstart's lookups: tests/sdk/lookupErrors.test.ts. Here the engine's path of a
  // program that fails in its lookups, for a sample: a setting refused before any request, an answer of the
  // API, a name that matches nothing.
  it("an expired token, a 401 from the API, an unknown zone by name", async () => {
    const expired = unsignedJwt({ sub: "user-1", aud: "cim-api", exp: 1_000 });
    const unsigned = unsignedJwt({ sub: "user-1", aud: "cim-api", exp: inAnHour() });
    const cases: [string, Record<string, string>, Record<string, string>, RegExp, string, string?][] = [
      [
        "expired",
        { CIM_TOKEN: expired },
        {},
        /expired/,
        "set it in the CIM_TOKEN environment variable",
        expired,
      ],
      ["401", { CIM_TOKEN: unsigned }, {}, /401|not accepted|rejected|signature/i, "token", unsigned],
      ["zone", {}, { "cim-e2e:zone": "nowhere-1a" }, /no zone named "nowhere-1a"/, "Candidates"],
    ];
    // independent stacks and settings: previewed side by side
    const results = await Promise.all(cases.map(([label, env, config]) => preview(label, env, config)));
    for (const [i, [, , , cause, fix, token]] of cases.entries()) expectBoth(results[i], cause, fix, token);
  }, 300_000);
});

describe("in the provider: create, update, refresh and destroy", () => {
  const program = path.join(__dirname, "programs", "errors.cjs");
  const stack = (label: string) => {
    const home = sourceHome(`errors-${label}`);
    const stackName = uniqueStack(`errors-${label}`);
    return (steps: Step[]) => runPulumi({ home, stackName, program, steps, envVars: api.envVars });
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
      await arm();
      try {
        // Each case's instance has a name of its own: a lost answer is matched to a recent deploy job by the
        // requested name (unnamed, by time alone), so the 5xx case must not take the deploy of a case before
        // it (the timeout case's ends once the clock runs again). The stacks go with the emulator: what a
        // destroy does after a failed create (partial state) is the fault matrix's delete phase.
        const name = { "cim-e2e:name": `web-${label}` };
        const [r] = await stack(label)([
          { op: "up", expectFailure: true, config: { ...ids, ...name, ...config } },
          { op: "rm" },
        ]);
        expectOneCause(r, cause, fix);
      } finally {
        await disarm();
      }
    }
  }, 600_000);

  it("a preview whose check cannot read one list: it passes, and one warning names the read and what went unchecked", async () => {
    await api.control.fault({ method: "GET", route: "/api/v1/offerings/compute", status: 503 });
    try {
      const [r] = await stack("unread")([
        { op: "preview", config: { ...ids, "cim-e2e:name": "web-unread" } },
        { op: "rm" },
      ]);
      expect(r.ok, r.error).toBe(true);
      const warned = (r.diagnostics ?? []).filter((d) => d.severity === "warning").map((d) => d.message);
      const unread = warned.filter((m) => m.includes("could not read the compute offerings"));
      expect(unread, warned.join("\n")).toHaveLength(1);
      expect(unread[0]).toMatch(
        /^cim:Instance "web-unread": could not read the compute offerings \(GET \/api\/v1\/offerings\/compute \(default region\) failed with 503.*\), so serviceOfferingId was not checked against them\. pulumi up checks each resource again/,
      );
      expect(unread[0]).not.toContain(api.token);
    } finally {
      await api.control.clearFaults();
    }
  }, 300_000);

  it("two new instances of the program with one host name: refused at preview, before anything is made", async () => {
    const config = { ...ids, "cim-e2e:name": "web-twice", "cim-e2e:twin": "true" };
    const count = async () => (await api.client.instances.listAll()).items.length;
    const before = await count();
    const run = stack("twice");
    const [preview] = await run([{ op: "preview", expectFailure: true, config }]);
    // the dynamic-provider host does not say which resource a check is for: the other is named by its kind
    const cause =
      /name "web-twice": another cim\.Instance of this program claims the same, and only one instance may hold it at a time/;
    expectOneCause(preview, cause, "Change one of the two");
    expect(await count()).toBe(before);
    // `up` without a preview (the Automation API's) makes the first as its check passes and refuses the second,
    // as the API would: the same one cause
    const [up] = await run([{ op: "up", expectFailure: true, config }, { op: "rm" }]);
    expectOneCause(up, cause, "Change one of the two");
  }, 300_000);

  it("tags two resources of the program would manage: refused at preview, naming the other", async () => {
    const config = { ...ids, "cim-e2e:name": "web-tagged" };
    const run = stack("tagged");
    await run([{ op: "up", config }]);
    // the instance exists: its diff (at preview too) knows its id before the cim.Tags taking it is checked
    const [onInstance] = await run([
      { op: "preview", expectFailure: true, config: { "cim-e2e:tagged": "true" } },
    ]);
    expectOneCause(
      onInstance,
      /tags \{"owner":"team-a"\}: a cim\.Instance \(name "web-tagged"\) of this program claims every key of resource \S+: that resource's own `tags` input is authoritative/,
      'Put the key "owner" in that resource\'s `tags` input instead, and remove this cim.Tags',
    );
    // whichever of the two the engine checks second is refused
    const [twice] = await run([
      {
        op: "preview",
        expectFailure: true,
        config: { "cim-e2e:tagged": "false", "cim-e2e:tagsTwice": "true" },
      },
    ]);
    expectOneCause(
      twice,
      /tags \{"approved":"[^"]+"(,"audited":"yes")?\}: another cim\.Tags of this program claims the key "approved" of resource \S+ too, and two resources managing one key undo each other/,
      'Merge the two into one cim.Tags, or drop "approved" from one of them',
    );
    await run([{ op: "destroy", config: { "cim-e2e:tagsTwice": "false" } }, { op: "rm" }]);
  }, 300_000);

  it("a resource deleted out of band during an update; refresh and destroy without a route to the API", async () => {
    const session = await StackSession.open({
      name: "errors-gone",
      program,
      projectName: "cim-e2e",
      envVars: api.envVars,
    });
    try {
      const up = await session.must("up", { config: ids });
      const refused = { env: { CIM_BASE_URL: "http://127.0.0.1:9" } };
      const refresh = await session.run("refresh", refused);
      const destroy = await session.run("destroy");
      expectOneCause(refresh, /refresh failed: .*could not talk to/, "CIM_BASE_URL");
      expectOneCause(destroy, /delete failed: .*could not talk to/, "CIM_BASE_URL");

      await api.client.jobs.wait(await api.client.instances.delete(String(up.outputs!.vmId)), {
        firstDelayMs: 0,
      });
      const update = await session.run("up", {
        env: { CIM_BASE_URL: api.envVars.CIM_BASE_URL },
        config: { "cim-e2e:displayName": "renamed" },
      });
      expectOneCause(update, /no longer exists/, "pulumi refresh");
      // the stack is dropped with the emulator; a refresh dropping a resource deleted out of band is
      // tests/e2e/drift.test.ts
      await session.must("rm");
    } finally {
      await session.close();
    }
  }, 300_000);
});

describe("a cause every resource meets, in a refresh of many: reported once", () => {
  const fleet = path.join(__dirname, "programs", "fleet.cjs");
  /** The CLI's output lines that match. */
  const lines = (r: OpResult, re: RegExp) => (r.output ?? "").split("\n").filter((l) => re.test(l));

  it("no route to the API, then an expired token: the first resource says it, the others one line each", async () => {
    const count = 6;
    const session = await StackSession.open({
      name: "errors-shared",
      program: fleet,
      projectName: "cim-e2e",
      envVars: api.envVars,
    });
    try {
      await session.must("up", { config: { "fleet:count": String(count) } });
      const expired = unsignedJwt({ sub: "user-1", aud: "cim-api", exp: Math.floor(Date.now() / 1000) - 2 });
      const cases: [string, Record<string, string>, RegExp, RegExp, string][] = [
        [
          "unreachable",
          { CIM_BASE_URL: "http://127.0.0.1:9" },
          /refresh failed: .*could not talk to http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED: .*Check cim:baseUrl/,
          /refresh not retried: could not talk to http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\) \(reported on cim:Instance "vm-[0-9a-f]+" \(id [0-9a-f-]+\)\)\.\s*$/,
          "ECONNREFUSED",
        ],
        [
          "expired",
          { CIM_TOKEN: expired },
          /refresh failed: The API token \(CIM_TOKEN\) expired at \S+ \(\d+ s ago\)\. .*set it in the CIM_TOKEN environment variable\.\s*$/,
          /refresh not tried: the API token expired at \S+ \(reported on cim:Instance "vm-[0-9a-f]+" \(id [0-9a-f-]+\)\)\.\s*$/,
          "expired at",
        ],
      ];
      for (const [label, env, cause, pointer, mark] of cases) {
        const r = await session.run("refresh", {
          env: { CIM_BASE_URL: api.envVars.CIM_BASE_URL, CIM_TOKEN: api.token, ...env },
        });
        // What the user read, for the record of this test (the run's own output).
        console.log(`--- pulumi refresh, ${label}:\n${r.output}`);
        expect(r.ok, label).toBe(false);
        const errors = r.diagnostics.filter((d) => d.severity === "error" && d.urn).map((d) => d.message);
        expect(
          errors.filter((m) => cause.test(m)),
          `${label}:\n${errors.join("\n")}`,
        ).toHaveLength(1);
        expect(
          errors.filter((m) => pointer.test(m)),
          `${label}:\n${errors.join("\n")}`,
        ).toHaveLength(count - 1);
        expect(errors).toHaveLength(count);
        // the CLI's own output: the display prints each resource's error three times (as it happens, as the
        // step fails, in the summary); every line that names the cause is one of those, the full cause on the
        // first resource's lines alone, and no line of the host's about our stack
        const named = lines(r, new RegExp(mark));
        const full = lines(r, cause);
        const short = lines(r, pointer);
        expect(full, label).toHaveLength(3);
        expect(short, label).toHaveLength(3 * (count - 1));
        expect(named, label).toHaveLength(3 * count);
        expect(r.output).not.toMatch(/the error follows|CIM_DEBUG=stack|pulumi-cim:quiet/);
        const everything = [r.output, r.stderr, ...r.diagnostics.map((d) => d.message)].join("\n");
        expect(everything).not.toMatch(OUR_STACK);
        for (const secret of [api.token, expired]) expect(everything).not.toContain(secret);
      }
      await session.run("refresh", { env: { CIM_BASE_URL: api.envVars.CIM_BASE_URL, CIM_TOKEN: api.token } });
      await session.must("destroy");
      await session.must("rm");
    } finally {
      await session.close();
    }
  }, 300_000);
});
