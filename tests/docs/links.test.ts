// Every relative link in the repository's Markdown resolves: the file (or folder) exists, and an #anchor names a
// heading of the Markdown file it points into. External addresses are not fetched.
import * as fs from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { anchors, links, markdownFiles, root } from "./markdown";

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

describe("relative links in Markdown", () => {
  const cache = new Map<string, Set<string>>();
  const anchorsOf = (file: string) => {
    const known = cache.get(file) ?? anchors(fs.readFileSync(path.join(root, file), "utf8"));
    cache.set(file, known);
    return known;
  };

  for (const file of markdownFiles()) {
    it(`${file}: every relative link and anchor resolves`, () => {
      const text = fs.readFileSync(path.join(root, file), "utf8");
      const broken: string[] = [];
      for (const target of links(text)) {
        if (EXTERNAL.test(target)) continue;
        const [rawPath, anchor] = target.split("#", 2);
        const linked = rawPath ? path.normalize(path.join(path.dirname(file), decodeURI(rawPath))) : file;
        if (linked.startsWith("..")) {
          broken.push(`${target} (outside the repository)`);
          continue;
        }
        if (!fs.existsSync(path.join(root, linked))) {
          broken.push(`${target} (no ${linked})`);
          continue;
        }
        if (anchor && linked.endsWith(".md") && !anchorsOf(linked).has(anchor.toLowerCase()))
          broken.push(`${target} (no heading #${anchor} in ${linked})`);
      }
      expect(broken).toEqual([]);
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
});
