// Every relative link in the repository's Markdown resolves: the file (or folder) exists, and an #anchor names a
// heading of the Markdown file it points into. External addresses are not fetched.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { anchors, links, markdownFiles, root } from "./markdown";

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

const cache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  const known = cache.get(file) ?? anchors(fs.readFileSync(path.join(root, file), "utf8"));
  cache.set(file, known);
  return known;
}

/** The links of `text` (the Markdown file `file`, by path from the root) that do not resolve, and why. */
function brokenLinks(file: string, text: string): string[] {
  const broken: string[] = [];
  for (const target of links(text)) {
    if (EXTERNAL.test(target)) continue;
    const [rawPath, anchor] = target.split("#", 2);
    const linked = rawPath ? path.normalize(path.join(path.dirname(file), decodeURI(rawPath))) : file;
    if (linked.startsWith("..")) broken.push(`${target} (outside the repository)`);
    else if (!fs.existsSync(path.join(root, linked))) broken.push(`${target} (no ${linked})`);
    else if (anchor && linked.endsWith(".md") && !anchorsOf(linked).has(anchor.toLowerCase()))
      broken.push(`${target} (no heading #${anchor} in ${linked})`);
  }
  return broken;
}

describe("relative links in Markdown", () => {
  for (const file of markdownFiles()) {
    it(`${file}: every relative link and anchor resolves`, () => {
      expect(brokenLinks(file, fs.readFileSync(path.join(root, file), "utf8"))).toEqual([]);
    });
  }

  it("the reader finds links and anchors as GitHub makes them", () => {
    const text =
      "# Team state in PostgreSQL\n## `pulumi-cim doctor`\n## Team state in PostgreSQL\n```md\n# not a heading\n[x](nowhere.md)\n```\n[a](b.md#c) ![i](d.png)";
    expect([...anchors(text)]).toEqual([
      "team-state-in-postgresql",
      "pulumi-cim-doctor",
      "team-state-in-postgresql-1",
    ]);
    expect(links(text)).toEqual(["b.md#c", "d.png"]);
  });

  it("a missing file, a missing heading and a path out of the repository are each reported", () => {
    const text =
      "[a](guides/nowhere.md) [b](guides/regions.md#no-such-heading) [c](../../outside.md) [d](guides/regions.md#one-program-several-regions) [e](https://example.com/x)";
    expect(brokenLinks("docs/README.md", text)).toEqual([
      "guides/nowhere.md (no docs/guides/nowhere.md)",
      "guides/regions.md#no-such-heading (no heading #no-such-heading in docs/guides/regions.md)",
      "../../outside.md (outside the repository)",
    ]);
  });
});
