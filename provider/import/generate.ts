// `pulumi-cim import`, step 2: the TypeScript program that adopts what the inventory found. Pure: an
// Inventory in, file texts out.
//
// Every resource gets `adoptId` (its live id) and inputs equal to its live state, and refers to the other
// adopted resources by reference (network → VPC, instance → networks, volume → instance, schedule →
// instance), so the first `pulumi up` records everything without changing anything and `pulumi preview`
// afterwards shows no changes. All of it comes from the kinds' declarations (provider/kinds/): the live
// value of each field, its catalogue lookup (a comment with the entry's name), what it refers to, and the
// kind's importer (order, names, adjustments). Inputs the API does not return (userData, SSH password and
// root login flags, fixed addresses) are left out: an input left out keeps what was deployed.
//
// The program is erasable TypeScript (Node runs it as it is) and also compiles with the usual Pulumi
// TypeScript setup (ts-node), so `pulumi up` works either way.

import { backupSchedule } from "../families/backupSchedules/backupSchedule";
import { kindList, kindNamed } from "../kinds";
import { type Kind, nativeTypeToken, refOf } from "../kinds/define";
import { importedInputs } from "../lifecycle/imported";
import { type Inventory, importedKinds, type LiveRow } from "./inventory";

export interface GenerateOptions {
  /** Pulumi project name (Pulumi.yaml `name`, package.json `name`). */
  project: string;
  /** Version range of pulumi-cim and of @pulumi/pulumi for the generated package.json. */
  versions: { pulumiCim: string; pulumi: string; typescript?: string; typesNode?: string };
  /** When the inventory was read (ISO text), for the header; left out when not given. */
  generatedAt?: string;
  /** Whether cim.BackupSchedule takes adoptId (default: whether this version's provider does). */
  scheduleAdoption?: boolean;
  /** Put before every resource name (`--prefix`): another region's resources into the same stack. */
  prefix?: string;
  /** The names each kind already has in the stack (`--state`): a name among them gets a number after it. */
  taken?: ReadonlyMap<string, ReadonlySet<string>>;
}

/**
 * cim.BackupSchedule of this version takes adoptId. Without it a schedule cannot be adopted: creating it
 * again would make a second schedule (or fail), so the program then shows it commented out.
 */
export const SCHEDULE_ADOPTION = "adoptId" in backupSchedule.fields;

/** One resource of the generated program. */
export interface PlannedResource {
  /** The kind's name (Vpc, Network, Instance, …). */
  kind: string;
  /** Pulumi resource name. */
  name: string;
  /** TypeScript variable. */
  variable: string;
  /** The live id it adopts. */
  id: string;
  /** The name it would have had, were it not already a resource of the stack's (GenerateOptions.taken). */
  clashed?: string;
}

export interface Generated {
  files: Record<string, string>;
  resources: PlannedResource[];
}

/** A TypeScript expression with an optional trailing comment. */
interface Expr {
  code: string;
  comment?: string;
}

type Arg = Expr | Expr[];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A JSON-like value as TypeScript source. */
export function literal(v: unknown): string {
  if (v === undefined || v === null) return "undefined";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(literal).join(", ")}]`;
  const entries = Object.entries(v as Record<string, unknown>).map(
    ([k, x]) => `${IDENTIFIER.test(k) ? k : JSON.stringify(k)}: ${literal(x)}`,
  );
  return entries.length ? `{ ${entries.join(", ")} }` : "{}";
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ").trim();

/** A resource name the way users write them: the live name, with unusual characters made hyphens. */
export function resourceName(preferred: string | undefined, fallback: string): string {
  const cleaned = (preferred ?? "")
    .trim()
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return cleaned || fallback;
}

/** `vpc` + `my-main.vpc` → `vpcMyMainVpc`. */
export function variableName(prefix: string, name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return prefix + words.map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}

function unique(taken: Set<string>, base: string, join = "-"): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}${join}${n}`;
  taken.add(candidate);
  return candidate;
}

const short = (id: string) => id.slice(0, 8);

/** Builds index.ts, package.json, Pulumi.yaml and tsconfig.json. */
export function generateProgram(inv: Inventory, opts: GenerateOptions): Generated {
  const resources: PlannedResource[] = [];
  const blocks: string[] = [];
  const variables = new Set<string>(["cim", "region"]);
  const namesByKind = new Map<string, Set<string>>();
  /**
   * "<kind>/<live id>" → variable of the adopted resource: ids are unique within a kind only (a static NAT is
   * named by its address's id), so a reference resolves among the resources of the kind its field names.
   */
  const refs = new Map<string, string>();
  /** live id → resource name of the adopted resource (the first kind that adopted the id: its owner). */
  const adoptedNames = new Map<string, string>();
  /** "<kind>/<live name>" → variable of the adopted resource (for fields that name, not id, it). */
  const byName = new Map<string, string>();
  const named = (id: string | undefined) => (id ? inv.names[id] : undefined);

  const plan = (kind: Kind, preferred: string | undefined, id: string, adopted: boolean) => {
    const prefix = kind.importer!.prefix;
    const inStack = opts.taken?.get(kind.name);
    const taken = namesByKind.get(kind.name) ?? new Set<string>(inStack);
    namesByKind.set(kind.name, taken);
    const own = resourceName(preferred, `${prefix}-${short(id)}`);
    const base = opts.prefix ? resourceName(opts.prefix + own, own) : own;
    const name = unique(taken, base);
    const variable = unique(variables, variableName(prefix, name), "");
    if (adopted) {
      resources.push({
        kind: kind.name,
        name,
        variable,
        id,
        ...(inStack?.has(base) ? { clashed: base } : {}),
      });
      refs.set(`${kind.name}/${id}`, variable);
      if (!adoptedNames.has(id)) adoptedNames.set(id, name);
    }
    return { name, variable };
  };
  const idOf = (kind: string, id: string, what: string): Expr => {
    const v = refs.get(`${kind}/${id}`);
    if (v) return { code: `${v}.id` };
    const label = named(id);
    return { code: literal(id), comment: label ? `${what} ${label}` : what };
  };
  const catalogue = (id: string): Expr => ({ code: literal(id), comment: named(id) });
  const tags = (t: Record<string, unknown> | undefined): Expr | undefined => {
    const entries = Object.entries(t ?? {}).map(([k, v]) => [k, String(v)] as const);
    return entries.length ? { code: literal(Object.fromEntries(entries)) } : undefined;
  };
  /** A name of another kind's resource: the adopted one's `name` output, else the name as it is. */
  const nameOf = (kind: string, name: string): Expr => {
    const v = byName.get(`${kind}/${name}`);
    return { code: v ? `${v}.name` : literal(name) };
  };
  /** A field's value as code: catalogue ids with their names, references to adopted resources. */
  const fieldCode = (kind: Kind, field: string, v: unknown): Arg => {
    const f = kind.fields[field];
    const ref = refOf(f);
    const one = (x: unknown): Expr => {
      // an image of the catalogue the account registered itself is adopted: referred to, not named
      if (typeof x === "string" && ref && ref.by === "id" && refs.has(`${ref.kind}/${x}`))
        return idOf(ref.kind, x, ref.kind);
      if (typeof x === "string" && f.lookup) return catalogue(x);
      if (typeof x === "string" && ref?.by === "name") return nameOf(ref.kind, x);
      if (typeof x === "string" && ref) return idOf(ref.kind, x, kindNamed(ref.kind)?.noun ?? ref.kind);
      return { code: literal(x) };
    };
    return Array.isArray(v) && ref ? v.map(one) : one(v);
  };
  const emit = (variable: string, kind: string, name: string, args: [string, Arg | undefined][]) => {
    const lines = [`const ${variable} = new cim.${kind}(${literal(name)}, {`];
    for (const [key, value] of args) {
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        if (value.some((e) => e.comment)) {
          lines.push(`  ${key}: [`);
          for (const e of value) lines.push(`    ${e.code},${e.comment ? ` // ${oneLine(e.comment)}` : ""}`);
          lines.push("  ],");
        } else lines.push(`  ${key}: [${value.map((e) => e.code).join(", ")}],`);
      } else if (key === "region" && value.code === "region") {
        lines.push("  region,");
      } else {
        lines.push(`  ${key}: ${value.code},${value.comment ? ` // ${oneLine(value.comment)}` : ""}`);
      }
    }
    lines.push("});");
    return lines.join("\n");
  };

  const adoptSchedules = opts.scheduleAdoption ?? SCHEDULE_ADOPTION;
  for (const kind of importedKinds()) {
    const importer = kind.importer!;
    const adoptable = kind !== backupSchedule || adoptSchedules;
    const preferred = (r: LiveRow) =>
      importer.name ? importer.name(r, (id) => (id ? adoptedNames.get(id) : undefined)) : r.name;
    const key = importer.sortKey ?? ((r: LiveRow) => preferred(r) ?? "");
    const rows = [...(inv.records[kind.name] ?? [])].sort(
      (a, b) => key(a).localeCompare(key(b)) || a.id.localeCompare(b.id),
    );
    for (const live of rows) {
      const { name, variable } = plan(kind, preferred(live), live.id, adoptable);
      if (adoptable && typeof live.name === "string") byName.set(`${kind.name}/${live.name}`, variable);
      const inputs = importedInputs(kind, live);
      const block = emit(variable, kind.name, name, [
        ...(adoptable ? ([["adoptId", { code: literal(live.id) }]] as [string, Arg][]) : []),
        ["region", { code: "region" }],
        ...Object.entries(inputs).map(([k, v]) => [k, fieldCode(kind, k, v)] as [string, Arg]),
        ["tags", kind.tags ? tags(live.tags as Record<string, unknown>) : undefined],
      ]);
      if (adoptable) {
        blocks.push(block);
      } else {
        blocks.push(
          [
            `// Backup schedule ${live.id} is not adopted: cim.BackupSchedule of this pulumi-cim version has no`,
            "// adoptId, and declaring it would create a second schedule. To manage it here, delete it through",
            "// the API and uncomment this (pulumi up then creates it again):",
            ...block.split("\n").map((l) => `// ${l}`),
          ].join("\n"),
        );
      }
    }
  }

  const files: Record<string, string> = {
    "index.ts": indexTs(inv, opts, blocks),
    "package.json": `${JSON.stringify(
      {
        name: opts.project,
        private: true,
        description: `Infrastructure of region ${inv.region.name ?? inv.region.id}, adopted by pulumi-cim import`,
        main: "index.ts",
        dependencies: { "@pulumi/pulumi": opts.versions.pulumi, "pulumi-cim": opts.versions.pulumiCim },
        devDependencies: {
          "@types/node": opts.versions.typesNode ?? "^24.0.0",
          typescript: opts.versions.typescript ?? "~5.9.3",
        },
      },
      null,
      2,
    )}\n`,
    "Pulumi.yaml": [
      `name: ${opts.project}`,
      `description: Infrastructure of region ${yamlText(inv.region.name ?? inv.region.id)}, adopted by pulumi-cim import`,
      "runtime: nodejs",
      "",
    ].join("\n"),
    "tsconfig.json": `${JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          target: "es2022",
          module: "commonjs",
          moduleResolution: "node",
          esModuleInterop: true,
          skipLibCheck: true,
          outDir: "bin",
        },
        files: ["index.ts"],
      },
      null,
      2,
    )}\n`,
  };
  return { files, resources };
}

/**
 * The file `pulumi import --file` reads, for a project on the native plugin in any language: each planned resource
 * by its plugin type token, its name (the one the program would give it) and its id, under `provider` (a
 * `pulumi:providers:cim` of the stack, by its name in the code and its URN) when given. The CLI reads each one
 * through the plugin and writes its code, with references where one resource's input is another's id.
 */
export function importFile(resources: PlannedResource[], provider?: { name: string; urn: string }): string {
  const file = {
    ...(provider ? { nameTable: { [provider.name]: provider.urn } } : {}),
    resources: resources.map((r) => ({
      type: nativeTypeToken({ name: r.kind }),
      name: r.name,
      id: r.id,
      ...(provider ? { provider: provider.name } : {}),
    })),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** "instances, volumes, VPCs, networks and backup schedules": the kinds import adopts, in the registry's order. */
export function nounList(last = "and"): string {
  const plural = kindList.filter((k) => k.importer && k.api).map((k) => `${k.noun}s`);
  return plural.length > 1 ? `${plural.slice(0, -1).join(", ")} ${last} ${plural.at(-1)}` : (plural[0] ?? "");
}

function yamlText(s: string): string {
  return /^[A-Za-z0-9 ._()-]*$/.test(s) ? s : JSON.stringify(s);
}

function indexTs(inv: Inventory, opts: GenerateOptions, blocks: string[]): string {
  const where = inv.region.name ? `${inv.region.name} (${inv.region.id})` : inv.region.id;
  const from = inv.baseUrl ? ` of ${inv.baseUrl}` : "";
  const when = opts.generatedAt ? ` on ${opts.generatedAt}` : "";
  const header = [
    `// Generated by \`pulumi-cim import\`${when}:`,
    ...(inv.selection
      ? [`// the resources of region ${where}${from} selected by ${oneLine(inv.selection)}.`]
      : [`// the ${nounList()} of region ${where}${from}.`]),
    "//",
    "// Each resource adopts the live one (adoptId) with inputs equal to its live state, so the first",
    "// `pulumi up` records them in the stack without changing anything, and `pulumi preview` afterwards shows",
    "// no changes. adoptId is only read when a resource is first recorded; keep it or remove it after that.",
    "// From then on this program is the source of truth: edit it and run `pulumi up` as usual.",
  ];
  for (const kind of importedKinds()) {
    const unreported = kind.importer?.unreported;
    // said only of kinds the program adopts any of
    if (!unreported?.length || !inv.records[kind.name]?.length) continue;
    header.push(
      "//",
      `// The API does not return these ${kind.noun} inputs, so they are left out (which keeps what was deployed):`,
      `// ${unreported.join(", ")}. Changing any of them later replaces the ${kind.noun}.`,
    );
  }
  if (inv.skipped.length) {
    header.push("//", "// Read but not adopted:");
    for (const s of inv.skipped) {
      const what = [s.kind, oneLine(s.name ?? ""), s.id].filter(Boolean).join(" ");
      header.push(`//   ${what}: ${oneLine(s.reason)}`);
    }
  }
  const body = blocks.length
    ? blocks.join("\n\n")
    : inv.selection
      ? `// Nothing to adopt: nothing in the region matches ${oneLine(inv.selection)}.`
      : `// Nothing to adopt: the region has no ${nounList("or")}.`;
  return [
    ...header,
    "",
    'import * as cim from "pulumi-cim";',
    "",
    `const region = ${literal(inv.region.id)};${inv.region.name ? ` // ${oneLine(inv.region.name)}` : ""}`,
    "",
    body,
    "",
  ].join("\n");
}
