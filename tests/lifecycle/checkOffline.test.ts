// check is region-aware when the API answers, and never blocks a valid program when it does not.
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { providerFor } from "../../provider";
import { captureWarnings } from "../../provider/lifecycle/engineLog";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { fakeJwt } from "../client/helpers";
import { offlineProvider } from "../fixtures/offlineProvider";

const instanceProvider = providerFor("Instance");

const zone = "7d1d9c2e-5c1a-5b8e-9a7e-0c1f2e3d4a5b";
const offering = "1b6c2d3e-4f50-5617-8a9b-c0d1e2f3a4b5";
const template = "2c7d3e4f-5061-5728-9bac-d1e2f3a4b5c6";
const program = { zoneId: zone, serviceOfferingId: offering, templateId: template, rootDiskSize: 8 };

const token = fakeJwt();
const saved = offlineProvider();

/** The warnings `fn` makes, from a fresh start of the lookups (one such warning a process). */
async function warned(fn: () => Promise<void>): Promise<string[]> {
  const out: string[] = [];
  resetLookups();
  captureWarnings((m) => out.push(m));
  try {
    await fn();
  } finally {
    captureWarnings();
  }
  return out;
}

/** Runs `fn` with CIM_BASE_URL on a local server answering with `handle` (and a token), then closes it. */
async function withApi(handle: http.RequestListener, fn: () => Promise<void>): Promise<void> {
  const server = http.createServer(handle);
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  try {
    const { port } = server.address() as AddressInfo;
    Object.assign(process.env, {
      CIM_BASE_URL: `http://127.0.0.1:${port}`,
      CIM_TOKEN: token,
      CIM_REGION: "",
    });
    await fn();
  } finally {
    server.close();
  }
}

describe("Instance check lookups", () => {
  it("skips lookups when the API cannot be reached, so a valid program still previews, and says so once", async () => {
    Object.assign(process.env, { CIM_BASE_URL: "http://127.0.0.1:9", CIM_TOKEN: token, CIM_REGION: "" });
    const warnings = await warned(async () => {
      const started = Date.now();
      const r = await instanceProvider.check!({}, program);
      expect(r.failures).toEqual([]);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await instanceProvider.check!({}, program)).failures).toEqual([]);
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^pulumi-cim could not read the API to check this program against live records \(ids, names, ranges\), so none of those checks ran: .*could not talk to http:\/\/127\.0\.0\.1:9.*\. Changing anything needs the API: pulumi up stops at the same point\.$/,
    );
    expect(warnings[0]).not.toContain(token);
    expect(warnings[0]).not.toContain("..");
  });

  it("skips lookups when no API is configured, and says which setting is missing", async () => {
    delete process.env.CIM_BASE_URL;
    delete process.env.CIM_TOKEN;
    const warnings = await warned(async () => {
      expect((await instanceProvider.check!({}, program)).failures).toEqual([]);
    });
    expect(warnings).toEqual([
      "pulumi-cim could not read the API to check this program against live records (ids, names, ranges), so none of those checks ran: no baseUrl or token is set: set cim:baseUrl (or CIM_BASE_URL) and the secret cim:token (or CIM_TOKEN). Changing anything needs the API: pulumi up stops at the same point.",
    ]);
  });

  it("says a read that fails for a cause of its own (a 403) in its own words, not as the API unread", async () => {
    let status = 403;
    await withApi(
      (_req, res) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(status === 200 ? [] : { message: "No account in this region" }));
      },
      async () => {
        // each read the checks needed, and what it left unchecked (tests/kinds/skippedReads.test.ts)
        const refused = await warned(async () => void (await instanceProvider.check!({}, program)));
        expect(refused.map((w) => w.slice(0, w.indexOf(" ("))).sort()).toEqual([
          "cim:Instance: could not read the compute offerings",
          "cim:Instance: could not read the templates",
          "cim:Instance: could not read the zones",
        ]);
        expect(refused.join("\n")).toContain("failed with 403: No account in this region");
        // a read answers, then the API goes: the checks ran, and a later failure is a resource's own
        const later = await warned(async () => {
          status = 200;
          await instanceProvider.check!({}, program);
          process.env.CIM_BASE_URL = "http://127.0.0.1:9";
          await instanceProvider.check!({}, { ...program, rootDiskSize: 9 });
        });
        expect(later.length).toBeGreaterThan(0);
        for (const w of [...refused, ...later]) {
          expect(w).toMatch(/^cim:Instance: could not read the /);
          expect(w).not.toContain(token);
        }
      },
    );
  });

  it("takes powerState and imageType in any case, as every choice of words", async () => {
    delete process.env.CIM_BASE_URL;
    const r = await instanceProvider.check!({}, { ...program, powerState: "Stopped", imageType: "Template" });
    expect(r.failures).toEqual([]);
    expect(r.inputs).toMatchObject({ powerState: "stopped", imageType: "template" });
  });

  it("warns of userData above the platform's default limit, which its operator may have raised", async () => {
    process.env.CIM_SKIP_LOOKUPS = "1";
    try {
      const warnings = await warned(async () => {
        const r = await instanceProvider.check!(
          {},
          { ...program, name: "web", userData: "QUJD".repeat(10_000) },
        );
        expect(r.failures).toEqual([]);
        await instanceProvider.check!({}, { ...program, userData: "QUJD".repeat(8_192) });
      });
      expect(warnings).toEqual([
        `cim:Instance "web": userData is 40,000 characters of base64, above 32,768, the platform's default limit (vm.userdata.max.length): the deploy is refused unless its operator raised it. Gzip the cloud-init payload before encoding it to fit (cloud-init reads it compressed)`,
      ]);
    } finally {
      delete process.env.CIM_SKIP_LOOKUPS;
    }
  });

  it("refuses a misspelt input, suggesting the name", async () => {
    delete process.env.CIM_BASE_URL;
    const { failures } = await instanceProvider.check!({}, { ...program, displayNmae: "web" });
    expect(failures?.[0]).toMatchObject({ property: "displayNmae" });
    expect(failures?.[0].reason).toContain(
      "displayNmae is not an input of this resource (did you mean displayName?)",
    );
  });

  it("fails settings no call can get past, naming the config key and never the token", async () => {
    const expired = fakeJwt({ sub: "u", exp: 1000 });
    const cases: [Record<string, string>, RegExp][] = [
      [
        { CIM_BASE_URL: "http://cloud.example.com", CIM_TOKEN: token },
        /^cim:baseUrl \(CIM_BASE_URL\): .*HTTPS only/,
      ],
      [
        { CIM_BASE_URL: "https://cloud.example.com", CIM_TOKEN: "not-a-jwt" },
        /^cim:token \(CIM_TOKEN\): .*not a usable JWT/,
      ],
      [
        { CIM_BASE_URL: "https://cloud.example.com", CIM_TOKEN: expired },
        /^cim:token \(CIM_TOKEN\) expired at 1970/,
      ],
      [
        { CIM_BASE_URL: "https://cloud.example.com", CIM_TOKEN: token, CIM_AUDIENCE: "other-api" },
        /^cim:token \(CIM_TOKEN\): .*audience/,
      ],
      [
        { CIM_BASE_URL: "http://127.0.0.1:9", CIM_TOKEN: token, CIM_REGION: "de-fra-1" },
        /^region must be an id \(a UUID\), not a name: cim:region/,
      ],
    ];
    for (const [env, message] of cases) {
      process.env = { ...saved, CIM_REGION: "", CIM_AUDIENCE: "", ...env };
      const failures = (await instanceProvider.check!({}, program)).failures ?? [];
      expect(failures.map((f) => f.reason).join("\n"), JSON.stringify(env)).toMatch(message);
      for (const f of failures) expect(f.reason).not.toContain(env.CIM_TOKEN);
    }
  });

  it("names ids of another region and the template's minimum root disk when the API answers", async () => {
    const rows: Record<string, unknown[]> = {
      "/api/v1/zones": [{ id: "00000000-0000-5000-8000-000000000001", name: "elsewhere" }],
      "/api/v1/offerings/compute": [{ id: offering, name: "Small" }],
      "/api/v1/templates": [{ id: template, name: "Ubuntu 22.04 LTS", minRootDiskSizeGb: 10 }],
    };
    await withApi(
      (req, res) => {
        const body = rows[(req.url ?? "").split("?")[0]];
        res.writeHead(body ? 200 : 404, { "content-type": "application/json" });
        res.end(JSON.stringify(body ?? { message: "not found" }));
      },
      async () => {
        const failures = (await instanceProvider.check!({}, program)).failures ?? [];
        expect(failures.map((f) => f.property).sort()).toEqual(["rootDiskSize", "zoneId"]);
        expect(failures.find((f) => f.property === "zoneId")?.reason).toContain(
          `zoneId ${zone} is not a zone of`,
        );
        expect(failures.find((f) => f.property === "rootDiskSize")?.reason).toContain(
          "smaller than the 10 GB",
        );
      },
    );
  });
});

describe("a name where an id belongs", () => {
  it("says which lookup finds the id, for a catalogue's entry and for the region", async () => {
    delete process.env.CIM_BASE_URL;
    const { failures } = await instanceProvider.check!(
      {},
      { ...program, zoneId: "de-fra-1a", region: "nl-ams-1" },
    );
    const reason = (p: string) => failures?.find((f) => f.property === p)?.reason ?? "";
    expect(reason("zoneId")).toMatch(
      /^zoneId must be an id \(a UUID\), not a name: .*; the getZone lookup finds its id by name \(cim\.getZone in TypeScript, cim:index:getZone in Pulumi YAML\)$/,
    );
    expect(reason("region")).toMatch(/not a name: .*; the getRegion lookup finds its id by name/);
    // an id of the wrong shape is not a name: no lookup named
    const typo = await instanceProvider.check!({}, { ...program, zoneId: 42 });
    expect(typo.failures?.[0].reason).not.toContain("lookup");
  });
});
