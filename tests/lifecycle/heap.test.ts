// The provider host's young generation stops growing once pulumi-cim's implementation loads (provider/lifecycle/
// heap.ts): only in Pulumi's dynamic-provider host, never in a program or test process, and not over a size the
// user set in NODE_OPTIONS. The behaviour is checked in real Node processes, whose script path decides.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { boundYoungGeneration, isProviderHost } from "../../provider/lifecycle/heap";

const built = path.resolve(__dirname, "..", "..", "dist", "provider", "lifecycle", "heap.js");

/** The young generation's size (MB) after a script at `dir/index.js` loads heap.js and keeps 300,000 objects. */
function youngGenerationAfterSurvivors(dir: string, env: Record<string, string> = {}): number {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cim-heap-"));
  const script = path.join(root, dir, "index.js");
  fs.mkdirSync(path.dirname(script), { recursive: true });
  fs.writeFileSync(
    script,
    `require(${JSON.stringify(built)});
const keep = [];
for (let i = 0; i < 300000; i++) keep.push({ i, s: "x" + i, a: [i, i + 1] });
const s = require("node:v8").getHeapSpaceStatistics().find((x) => x.space_name === "new_space");
console.log(s.space_size / 1048576, keep.length);`,
  );
  try {
    const out = execFileSync(process.execPath, [script], {
      env: { ...process.env, NODE_OPTIONS: "", ...env },
    });
    return Number(String(out).split(" ")[0]);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

describe("the provider host's young generation", () => {
  it("is recognised by the host's script path only", () => {
    expect(
      isProviderHost(["node", "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js", "127.0.0.1:1"]),
    ).toBe(true);
    expect(isProviderHost(["node", "/p/node_modules/@pulumi/pulumi/cmd/dynamic-provider"])).toBe(true);
    expect(isProviderHost(["node", "/p/index.js"])).toBe(false);
    expect(isProviderHost(["node", "/p/not-dynamic-provider.js"])).toBe(false);
  });

  it("is bounded in the host unless NODE_OPTIONS sizes it", () => {
    const set: string[] = [];
    const host = ["node", "/x/cmd/dynamic-provider/index.js"];
    expect(boundYoungGeneration(host, undefined, (f) => set.push(f))).toBe(true);
    expect(boundYoungGeneration(host, "--max-semi-space-size=64", (f) => set.push(f))).toBe(false);
    expect(boundYoungGeneration(["node", "/x/program.js"], undefined, (f) => set.push(f))).toBe(false);
    expect(set).toEqual(["--semi-space-growth-factor=1"]);
  });

  it("keeps its size in the host while the same survivors grow it elsewhere", () => {
    expect(fs.existsSync(built), "npm test builds dist/ first").toBe(true);
    const host = youngGenerationAfterSurvivors(path.join("cmd", "dynamic-provider"));
    const program = youngGenerationAfterSurvivors("program");
    const sized = youngGenerationAfterSurvivors(path.join("cmd", "dynamic-provider"), {
      NODE_OPTIONS: "--max-semi-space-size=8",
    });
    expect(host).toBeLessThanOrEqual(4);
    expect(program).toBeGreaterThanOrEqual(4 * host);
    expect(sized).toBeGreaterThan(host);
  });
});
