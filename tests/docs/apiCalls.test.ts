// What the recorded API calls (provider/kinds/apiCalls.json, held equal to a fresh recording by generated.test.ts)
// must show for every kind, and how a page renders them: a kind whose create sends nothing, a job started and not
// waited for, or a kind left out of the recording fails here.
import { describe, expect, it } from "vitest";
import { kindList } from "../../provider/kinds";
import { type ApiCall, type KindApiCalls, recordedApiCalls } from "../../provider/kinds/apiCallsData";
import { apiCallsLines } from "../../provider/kinds/apiCallsDocs";
import { docsFiles } from "../../provider/kinds/docsPages";

const recorded = recordedApiCalls();
const everyCall = (r: KindApiCalls): ApiCall[] => [
  ...r.create,
  ...r.update.flatMap((u) => u.calls),
  ...r.read,
  ...r.delete,
];
const CALL = /^(GET|POST|PUT|PATCH|DELETE) \/api\/v1\/[\w\-/{}]+$/;

describe("the recorded API calls of every kind", () => {
  it("cover exactly the kinds of the registry", () => {
    expect(Object.keys(recorded).sort()).toEqual(kindList.map((k) => k.name).sort());
  });

  for (const kind of kindList) {
    it(`${kind.name}: its create sends a change, its refresh reads, each call is a route template`, () => {
      const r = recorded[kind.name];
      expect(
        r.create.some((c) => !c.call.startsWith("GET ")),
        "a create that changes nothing",
      ).toBe(true);
      expect(r.read.length).toBeGreaterThan(0);
      expect(r.read.every((c) => c.call.startsWith("GET "))).toBe(true);
      for (const c of everyCall(r)) expect(c.call).toMatch(CALL);
      // no id, job id or poll is left in the text: the recording is the same every run
      expect(JSON.stringify(r)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(everyCall(r).map((c) => c.call)).not.toContain("GET /api/v1/jobs/{jobId}");
    });

    it(`${kind.name}: every job a call starts is waited for, and only a change starts one`, () => {
      for (const c of everyCall(recorded[kind.name])) {
        expect(c.starts, `${c.call} starts a job nobody waits for`).toBeUndefined();
        if (c.waitsFor) expect(c.call).not.toMatch(/^GET /);
      }
    });

    it(`${kind.name}: an in-place change is recorded when it has a field that changes in place, and only then`, () => {
      const inPlace = Object.values(kind.fields).some((f) => f.change === "update");
      expect(recorded[kind.name].update.length > 0).toBe(inPlace);
      for (const u of recorded[kind.name].update) {
        expect(u.calls.length).toBeGreaterThan(0);
        for (const f of u.fields)
          expect((kind.fields as Record<string, { change: string }>)[f]?.change).toBe("update");
      }
    });
  }

  it("kinds whose changes go through the API by a job show that job (a VPC's create and delete)", () => {
    expect(recorded.Vpc.create).toContainEqual({ call: "POST /api/v1/vpcs", waitsFor: "createVPC" });
    expect(recorded.Vpc.delete).toContainEqual({ call: "DELETE /api/v1/vpcs/{id}", waitsFor: "deleteVPC" });
    // a synchronous one shows none (an SSH key pair is registered at once)
    expect(everyCall(recorded.SshKeyPair).some((c) => c.waitsFor)).toBe(false);
  });
});

describe("the API calls section of a page", () => {
  const vpc = kindList.find((k) => k.name === "Vpc")!;

  it("each page has it: a table per operation and the one sentence on lost answers", () => {
    const files = docsFiles();
    for (const kind of kindList) {
      const page = files[`docs/resources/${kind.name}.md`];
      const section = page.slice(page.indexOf("## API calls"), page.indexOf("## Import"));
      for (const h of ["### Create", "### Update in place", "### Refresh", "### Delete"])
        expect(section).toContain(h);
      expect(section).toContain("(../guides/failures-and-partial-state.md#lost-answers)");
      for (const c of recorded[kind.name].create) expect(section).toContain(`| \`${c.call}\` |`);
    }
    expect(files["docs/resources/Vpc.md"]).toContain("| `POST /api/v1/vpcs` | `createVPC` |");
  });

  it("renders a job not waited for and a kind without in-place changes; refuses a recording that lacks one", () => {
    const lines = apiCallsLines(vpc, {
      ...recorded.Vpc,
      create: [{ call: "POST /api/v1/vpcs", starts: "createVPC" }],
      read: [],
    }).join("\n");
    expect(lines).toContain("| `POST /api/v1/vpcs` | `createVPC` (not waited for) |");
    expect(lines).toContain("No API call.");
    expect(() => apiCallsLines(vpc, { ...recorded.Vpc, update: [] })).toThrow(/Vpc changes fields in place/);
    const replacedOnly = { ...vpc, fields: { cidr: vpc.fields.cidr } } as unknown as typeof vpc;
    expect(apiCallsLines(replacedOnly, recorded.Vpc).join("\n")).not.toContain("None");
    expect(apiCallsLines(replacedOnly, { ...recorded.Vpc, update: [] }).join("\n")).toContain(
      "None: every change of this kind replaces it.",
    );
    expect(() => apiCallsLines(vpc, undefined)).toThrow(/Vpc has no recorded API calls/);
  });
});
