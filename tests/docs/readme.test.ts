// The README stays the front page: short, with the two commands, linking into docs/ for the rest, and naming
// nothing outside the repository (no issue numbers, commit hashes or addresses but placeholders) nor timings
// of one machine.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { SETTINGS } from "../../provider/config";
import { codeBlocks, links, prose, root } from "./markdown";

const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");

describe("README.md", () => {
  it("is at most 250 lines", () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(250);
  });

  it("shows the two commands, a first program and links into docs/", () => {
    const sh = codeBlocks("README.md", readme).filter((b) => b.info === "sh");
    expect(sh[0]?.code).toMatch(/^npm run demo\b/m);
    expect(sh[0]?.code).toMatch(/^npm test\b/m);
    expect(
      codeBlocks("README.md", readme).some((b) => /^ts\b/.test(b.info) && b.code.includes("new cim.")),
    ).toBe(true);
    for (const page of [
      "docs/installation-configuration.md",
      "docs/resources/README.md",
      "docs/architecture.md",
    ])
      expect(links(readme)).toContain(page);
  });

  it("names nothing outside the repository and no one machine's timings", () => {
    const text = prose(readme);
    expect(text).not.toMatch(/\bissues?\s+#?\d+|(^|\s)#\d+\b/i);
    expect(readme).not.toMatch(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/);
    const hosts = [...readme.matchAll(/https?:\/\/([^/\s)`"']+)/g)].map((m) => m[1]);
    expect(
      hosts.filter((h) => !/(^|\.)example\.com$|^127\.0\.0\.1(:\d+)?$|^localhost(:\d+)?$/.test(h)),
    ).toEqual([]);
    expect(text).not.toMatch(/\b\d+(\.\d+)?\s*(seconds|minutes|s|min)\b.*\bcores?\b/);
    expect(text).not.toMatch(/\bon \d+ (v?CPUs?|cores)\b/);
  });

  it("lists every setting with its environment variable, in order (the full table is in docs/)", () => {
    const rows = [...readme.matchAll(/^\| `cim:(\w+)`(?: \(secret\))? \| `(\w+)` \|/gm)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(rows).toEqual(SETTINGS.map((s) => [s.name, s.env]));
  });
});
