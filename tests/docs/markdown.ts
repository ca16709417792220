// Reading the repository's Markdown for the docs tests: which files, their fenced code blocks, their links and
// the anchors their headings make (GitHub's rules), so the tests stay short.
import * as fs from "node:fs";
import * as path from "node:path";

export const root = path.resolve(__dirname, "..", "..");

const SKIP = new Set(["node_modules", "dist", ".state", ".git"]);

/** Every Markdown file of the repository (not dependencies, builds or local state), by path from the root. */
export function markdownFiles(dir = root): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...markdownFiles(p));
    else if (e.name.endsWith(".md")) out.push(path.relative(root, p));
  }
  return out.sort();
}

export interface Block {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  /** The info string after the fence, e.g. `ts title="fragment"`. */
  info: string;
  code: string;
}

/** The fenced code blocks of a Markdown text. */
export function codeBlocks(file: string, text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})(.*)$/.exec(lines[i]);
    if (!open) continue;
    const fence = open[2];
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j].trimStart().startsWith(fence)) body.push(lines[j++]);
    blocks.push({ file, line: i + 1, info: open[3].trim(), code: body.join("\n") });
    i = j;
  }
  return blocks;
}

/** The text outside fenced code blocks. */
export function unfenced(text: string): string {
  return text.replace(/^(\s*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\s*\2[^\n]*$/gm, "");
}

/** The text outside code blocks and inline code spans, where links are links. */
export function prose(text: string): string {
  return unfenced(text).replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors a Markdown text's headings make (a repeated one gets -1, -2, …), and explicit `id`/`name` ones. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of unfenced(text).split("\n")) {
    const h = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) {
      const base = slug(h[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"));
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n ? `${base}-${n}` : base);
    }
    for (const m of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(m[1]);
  }
  return out;
}

/** The link targets of a Markdown text (inline links and images), outside code. */
export function links(text: string): string[] {
  return [...prose(text).matchAll(/!?\[(?:[^\]]|\][^(])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (m) => m[1],
  );
}
