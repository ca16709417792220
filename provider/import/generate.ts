// `pulumi-cim import`, step 2: the TypeScript program that adopts what the inventory found. Pure: an
// Inventory in, file texts out.
//
// Every resource gets `adoptId` (its live id) and inputs equal to its live state, and refers to the other
// adopted resources by reference (network → VPC, instance → networks, volume → instance, schedule →
// instance), so the first `pulumi up` records everything without changing anything and `pulumi preview`
// afterwards shows no changes. Inputs the API does not return (userData, SSH password and root login
// flags, fixed addresses) are left out: an input left out keeps what was deployed.
//
// The program is erasable TypeScript (Node runs it as it is) and also compiles with the usual Pulumi
// TypeScript setup (ts-node), so `pulumi up` works either way.

import { backupScheduleFields } from "../resources/backupScheduleRules";
import { HOST_NAME, powerStateOf } from "../resources/instanceRules";
import type { Inventory } from "./inventory";

export interface GenerateOptions {
  /** Pulumi project name (Pulumi.yaml `name`, package.json `name`). */
  project: string;
  /** Version range of pulumi-cim and of @pulumi/pulumi for the generated package.json. */
  versions: { pulumiCim: string; pulumi: string; typescript?: string; typesNode?: string };
  /** When the inventory was read (ISO text), for the header; left out when not given. */
  generatedAt?: string;
  /** Whether cim.BackupSchedule takes adoptId (default: whether this version's provider does). */
  scheduleAdoption?: boolean;
}

/**
 * cim.BackupSchedule of this version takes adoptId. Without it a schedule cannot be adopted: creating it
 * again would make a second schedule (or fail), so the program then shows it commented out.
 */
export const SCHEDULE_ADOPTION = "adoptId" in backupScheduleFields;

/** One resource of the generated program. */
export interface PlannedResource {
  kind: "Vpc" | "Network" | "Instance" | "Volume" | "BackupSchedule";
  /** Pulumi resource name. */
  name: string;
  /** TypeScript variable. */
  variable: string;
  /** The live id it adopts. */
  id: string;
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

const present = (v: unknown): v is string => typeof v === "string" && v.length > 0;
const short = (id: string) => id.slice(0, 8);

/** Builds index.ts, package.json, Pulumi.yaml and tsconfig.json. */
export function generateProgram(inv: Inventory, opts: GenerateOptions): Generated {
  const resources: PlannedResource[] = [];
  const blocks: string[] = [];
  const variables = new Set<string>(["cim", "region"]);
  const namesByKind = new Map<string, Set<string>>();
  /** live id → variable of the adopted resource. */
  const refs = new Map<string, string>();
  const named = (id: string | undefined) => (id ? inv.names[id] : undefined);

  const plan = (
    kind: PlannedResource["kind"],
    preferred: string | undefined,
    id: string,
    prefix: string,
    adopted = true,
  ) => {
    const taken = namesByKind.get(kind) ?? new Set<string>();
    namesByKind.set(kind, taken);
    const name = unique(taken, resourceName(preferred, `${prefix}-${short(id)}`));
    const variable = unique(variables, variableName(prefix, name), "");
    if (adopted) {
      resources.push({ kind, name, variable, id });
      refs.set(id, variable);
    }
    return { name, variable };
  };
  const idOf = (id: string, what: string): Expr => {
    const v = refs.get(id);
    if (v) return { code: `${v}.id` };
    const label = named(id);
    return { code: literal(id), comment: label ? `${what} ${label}` : what };
  };
  const catalogue = (id: string): Expr => ({ code: literal(id), comment: named(id) });
  const tags = (t: Record<string, unknown> | undefined): Expr | undefined => {
    const entries = Object.entries(t ?? {}).map(([k, v]) => [k, String(v)] as const);
    return entries.length ? { code: literal(Object.fromEntries(entries)) } : undefined;
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
  const region: Expr = { code: "region" };
  const text = (v: string | undefined): Expr | undefined => (present(v) ? { code: literal(v) } : undefined);

  // VPCs
  for (const v of sorted(inv.vpcs)) {
    const { name, variable } = plan("Vpc", v.name, v.id, "vpc");
    blocks.push(
      emit(variable, "Vpc", name, [
        ["adoptId", { code: literal(v.id) }],
        ["region", region],
        ["name", text(v.name)],
        ["displayText", text(v.displayText)],
        ["zoneId", present(v.zoneId) ? catalogue(v.zoneId) : undefined],
        ["cidr", text(v.cidr)],
        ["vpcOfferingId", present(v.vpcOfferingId) ? catalogue(v.vpcOfferingId) : undefined],
        ["networkDomain", text(v.networkDomain)],
        ["tags", tags(v.tags)],
      ]),
    );
  }

  // Networks (tiers after their VPC, which is above)
  for (const n of sorted(inv.networks)) {
    const { name, variable } = plan("Network", n.name, n.id, "network");
    const gatewayAndMask = present(n.gateway) && present(n.netmask);
    blocks.push(
      emit(variable, "Network", name, [
        ["adoptId", { code: literal(n.id) }],
        ["region", region],
        ["name", text(n.name)],
        ["displayText", text(n.displayText)],
        ["zoneId", present(n.zoneId) ? catalogue(n.zoneId) : undefined],
        ["networkOfferingId", present(n.networkOfferingId) ? catalogue(n.networkOfferingId) : undefined],
        ["vpcId", present(n.vpcId) ? idOf(n.vpcId, "VPC") : undefined],
        ["gateway", gatewayAndMask ? text(n.gateway) : undefined],
        ["netmask", gatewayAndMask ? text(n.netmask) : undefined],
        ["networkDomain", text(n.networkDomain)],
        ["tags", tags(n.tags)],
      ]),
    );
  }

  // Instances
  for (const i of sorted(inv.instances, (x) => x.displayName || x.name)) {
    const r = i as typeof i & Record<string, unknown>;
    const iso =
      String(r.templateType ?? "").toUpperCase() === "ISO" ||
      String(r.templateFormat ?? "").toUpperCase() === "ISO" ||
      present(r.isoId);
    const imageId = present(r.isoId) ? r.isoId : i.templateId;
    const { name, variable } = plan("Instance", i.displayName || i.name, i.id, "instance");
    const rootDisk = Number((i.details as Record<string, unknown> | undefined)?.rootDiskSize);
    const networks = Array.isArray(r.networkIds) ? (r.networkIds as unknown[]).filter(present) : [];
    const keyPair = present(r.keyPair) ? r.keyPair : undefined;
    blocks.push(
      emit(variable, "Instance", name, [
        ["adoptId", { code: literal(i.id) }],
        ["region", region],
        ["zoneId", present(i.zoneId) ? catalogue(i.zoneId) : undefined],
        ...(iso
          ? ([
              ["imageType", { code: literal("iso") }],
              ["isoId", present(imageId) ? catalogue(imageId) : undefined],
              ["diskOfferingId", present(i.diskOfferingId) ? catalogue(i.diskOfferingId) : undefined],
            ] as [string, Arg | undefined][])
          : ([["templateId", present(imageId) ? catalogue(imageId) : undefined]] as [
              string,
              Arg | undefined,
            ][])),
        ["serviceOfferingId", present(i.serviceOfferingId) ? catalogue(i.serviceOfferingId) : undefined],
        ["rootDiskSize", Number.isInteger(rootDisk) && rootDisk > 0 ? { code: String(rootDisk) } : undefined],
        ["name", present(i.name) && HOST_NAME.test(i.name) ? { code: literal(i.name) } : undefined],
        ["displayName", text(i.displayName)],
        ["networkIds", networks.length ? networks.map((id) => idOf(id, "network")) : undefined],
        ["sshKeyNames", keyPair ? [{ code: literal(keyPair) }] : undefined],
        ["powerState", powerStateOf(i.state) === "stopped" ? { code: literal("stopped") } : undefined],
        ["haEnabled", i.haEnabled ? { code: "true" } : undefined],
        ["deleteProtection", i.deleteProtection ? { code: "true" } : undefined],
        ["tags", tags(i.tags)],
      ]),
    );
  }

  // Volumes
  for (const v of sorted(inv.volumes)) {
    const { name, variable } = plan("Volume", v.name, v.id, "volume");
    blocks.push(
      emit(variable, "Volume", name, [
        ["adoptId", { code: literal(v.id) }],
        ["region", region],
        ["name", text(v.name)],
        ["zoneId", present(v.zoneId) ? catalogue(v.zoneId) : undefined],
        ["diskOfferingId", present(v.diskOfferingId) ? catalogue(v.diskOfferingId) : undefined],
        ["size", typeof v.size === "number" ? { code: String(v.size) } : undefined],
        ["instanceId", present(v.virtualMachineId) ? idOf(v.virtualMachineId, "instance") : undefined],
        ["tags", tags(v.tags)],
      ]),
    );
  }

  // Backup schedules
  const adoptSchedules = opts.scheduleAdoption ?? SCHEDULE_ADOPTION;
  for (const s of [...inv.schedules].sort((a, b) => a.id.localeCompare(b.id))) {
    const owner = s.vmId ? resources.find((p) => p.id === s.vmId) : undefined;
    const base = `${owner?.name ?? "instance"}-${(s.intervalType ?? "backup").toLowerCase()}`;
    const { name, variable } = plan("BackupSchedule", base, s.id, "backup", adoptSchedules);
    const block = emit(variable, "BackupSchedule", name, [
      ...(adoptSchedules ? ([["adoptId", { code: literal(s.id) }]] as [string, Arg][]) : []),
      ["region", region],
      ["instanceId", present(s.vmId) ? idOf(s.vmId, "instance") : undefined],
      ["intervalType", text(s.intervalType)],
      ["schedule", text(s.schedule)],
      ["timezone", text(s.timezone)],
    ]);
    if (adoptSchedules) {
      blocks.push(block);
    } else {
      blocks.push(
        [
          `// Backup schedule ${s.id} is not adopted: cim.BackupSchedule of this pulumi-cim version has no`,
          "// adoptId, and declaring it would create a second schedule. To manage it here, delete it through",
          "// the API and uncomment this (pulumi up then creates it again):",
          ...block.split("\n").map((l) => `// ${l}`),
        ].join("\n"),
      );
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

/** Rows by name (or the given key), then id: the same inventory always gives the same program. */
function sorted<T extends { id: string; name?: string }>(rows: T[], key = (r: T) => r.name): T[] {
  return [...rows].sort((a, b) => (key(a) ?? "").localeCompare(key(b) ?? "") || a.id.localeCompare(b.id));
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
    `// the instances, volumes, VPCs, networks and backup schedules of region ${where}${from}.`,
    "//",
    "// Each resource adopts the live one (adoptId) with inputs equal to its live state, so the first",
    "// `pulumi up` records them in the stack without changing anything, and `pulumi preview` afterwards shows",
    "// no changes. adoptId is only read when a resource is first recorded; keep it or remove it after that.",
    "// From then on this program is the source of truth: edit it and run `pulumi up` as usual.",
    "//",
    "// The API does not return these instance inputs, so they are left out (which keeps what was deployed):",
    "// userData, allowPasswordSsh, disableRootCompletely, ipToNetworkList. Changing any of them later",
    "// replaces the instance.",
  ];
  if (inv.skipped.length) {
    header.push("//", "// Read but not adopted:");
    for (const s of inv.skipped) {
      const what = [s.kind, oneLine(s.name ?? ""), s.id].filter(Boolean).join(" ");
      header.push(`//   ${what}: ${oneLine(s.reason)}`);
    }
  }
  const body = blocks.length
    ? blocks.join("\n\n")
    : "// Nothing to adopt: the region has no instances, volumes, VPCs, networks or backup schedules.";
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
