// `pulumi-cim migrate`: moves a deployed stack's pulumi-cim resources between the dynamic path and the native
// plugin through `pulumi stack export` and `pulumi stack import`, without a call to the cloud. It prints what
// would change first and writes only with --yes. The export is read as `pulumi stack export` prints it, secrets
// as ciphertext (never --show-secrets), so no secret is ever in this process or in the file it imports from.

import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { serializedProvider } from "../../sdk/dynamic";
import { runPulumiCli } from "../doctor/config";
import { ownPackageRoot } from "../import/dependency";
import type { ExportedStack } from "./state";
import { type MigrationPlan, MigrationRefused, type Target, toDynamic, toNative } from "./transform";

export { MigrationRefused } from "./transform";

export const MIGRATE_USAGE = `usage: pulumi-cim migrate --to native|dynamic [--stack NAME] [--cwd DIR] [--yes]

  Moves the pulumi-cim resources of a deployed stack to the native provider plugin (cim:index:<Kind>,
  --to native) or back to the dynamic provider (pulumi-nodejs:dynamic/cim:<Kind>, --to dynamic), in
  state only: nothing is created, replaced or deleted, no API call is made. Prints each resource's
  type change and provider change; writes only with --yes (pulumi stack import). Then change the program
  to the same path (pulumi-cim/native, or pulumi-cim) and \`pulumi preview\` shows no changes.
  Refuses, writing nothing, while the stack has pending operations (an interrupted update).

  --to PATH     native or dynamic
  --stack NAME  the stack; default: the selected stack
  --cwd DIR     the Pulumi project folder; default: the current folder
  --yes         write the migrated state (without it: a dry run)`;

/** Runs the Pulumi CLI in `cwd` and gives its standard output; rejects with what its standard error said. */
export type PulumiRunner = (args: string[], cwd: string) => Promise<string>;

export const runPulumi: PulumiRunner = (args, cwd) =>
  runPulumiCli(args, {
    cwd,
    maxBuffer: 1 << 30,
    lines: 3,
    failed: (why) => `pulumi ${args.slice(0, 2).join(" ")} failed: ${why}`,
  });

/** `pulumi:providers:cim::default_0_1_0` for a provider's URN. */
const short = (urn: string) => urn.split("::").slice(2).join("::");

/** What the migration changes, as the dry run and the real run print it. */
export function describePlan(plan: MigrationPlan): string {
  const lines = [
    `Stack ${plan.stack} (project ${plan.project}): ${plan.moved.length} pulumi-cim resource(s) to move to the ${plan.target} path.`,
  ];
  const width = Math.max(...plan.moved.map((m) => m.name.length));
  for (const m of plan.moved) {
    lines.push(
      `  ${m.name.padEnd(width)}  ${m.fromType} → ${m.toType};  provider ${short(m.fromProvider)} → ${short(m.toProvider)}`,
    );
  }
  if (plan.alreadyThere)
    lines.push(`  already on the ${plan.target} path, left as they are: ${plan.alreadyThere}`);
  if (plan.renamed.length) {
    lines.push("  renamed with them (a URN carries its parents' types):");
    for (const r of plan.renamed) lines.push(`    ${r.from}\n      → ${r.to}`);
  }
  if (plan.provider) {
    lines.push(
      plan.provider.added
        ? `  provider ${short(plan.provider.urn)}: added (no configuration written: ${plan.target === "native" ? "the engine gives the plugin the stack's cim:* config" : "the dynamic-provider host reads the stack's cim:* config"} at the next run)`
        : `  provider ${short(plan.provider.urn)}: already in the stack, used as it is`,
    );
  }
  for (const urn of plan.providersRemoved)
    lines.push(`  provider ${short(urn)}: removed (nothing else uses it)`);
  for (const k of plan.providersKept) {
    lines.push(`  provider ${short(k.urn)}: kept, ${k.users.length} other resource(s) still use it:`);
    for (const u of k.users) lines.push(`    ${u}`);
  }
  lines.push(
    `Totals: ${plan.moved.length} moved, ${plan.renamed.length} renamed, ${plan.provider?.added ? 1 : 0} provider added, ${plan.providersRemoved.length} removed, ${plan.providersKept.length} kept.`,
  );
  return lines.join("\n");
}

export interface MigrateOptions {
  out?: (s: string) => void;
  pulumi?: PulumiRunner;
}

/** Runs `pulumi-cim migrate`; returns the exit code. Throws MigrationRefused (nothing written) or a usage error. */
export async function migrateCommand(argv: string[], opts: MigrateOptions = {}): Promise<number> {
  const out = opts.out ?? ((s: string) => process.stdout.write(s));
  const pulumi = opts.pulumi ?? runPulumi;
  const { values: a } = parseArgs({
    args: argv,
    allowPositionals: false,
    options: {
      to: { type: "string" },
      stack: { type: "string" },
      cwd: { type: "string" },
      yes: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (a.help) {
    out(`${MIGRATE_USAGE}\n`);
    return 0;
  }
  if (a.to !== "native" && a.to !== "dynamic") {
    throw new MigrateUsageError(`--to must be native or dynamic${a.to ? `, not "${a.to}"` : ""}`);
  }
  const target: Target = a.to;
  const cwd = path.resolve(a.cwd ?? ".");
  const stackArgs = a.stack ? ["--stack", a.stack] : [];

  const exported = JSON.parse(await pulumi(["stack", "export", ...stackArgs], cwd)) as ExportedStack;
  let plan: MigrationPlan;
  if (target === "native") {
    const version = ownPackageRoot()?.version;
    if (!version) throw new Error(`cannot find pulumi-cim's package.json above ${__dirname}`);
    plan = toNative(exported, { version });
  } else {
    plan = toDynamic(exported, { providerText: serializedProvider });
  }
  if (plan.nothing) {
    out(`${plan.nothing}\n`);
    return 0;
  }
  // `pulumi stack import` drops every pending operation it finds (with a warning): writing would make the stack
  // forget an interrupted operation on another resource, the only trace of a create the cloud may have done.
  const pending = plan.deployment.deployment.pending_operations ?? [];
  if (pending.length) {
    throw new MigrationRefused(
      [
        `stack ${plan.stack} has ${pending.length} pending operation(s) (an update was interrupted), which \`pulumi stack import\` would drop:`,
        ...pending.map((op) => `  ${op.type} ${op.resource.urn}`),
        "Resolve them first: `pulumi-cim recover` for pending creates, `pulumi refresh` for the others, then migrate.",
      ].join("\n"),
    );
  }
  out(`${describePlan(plan)}\n`);
  if (!a.yes) {
    out("Dry run: nothing was written. Run again with --yes to write it (pulumi stack import).\n");
    return 0;
  }

  await importDeployment(pulumi, plan.deployment, stackArgs, cwd);
  out(
    [
      `Wrote the migrated state to stack ${plan.stack}.`,
      target === "native"
        ? 'Next: use the native classes in the program (import * as cim from "pulumi-cim/native") and add the plugin to Pulumi.yaml (plugins: providers: [{name: cim, path: ./node_modules/pulumi-cim/bin}]); `pulumi preview` then shows no changes.'
        : 'Next: use the dynamic classes in the program again (import * as cim from "pulumi-cim"); `pulumi preview` then shows no changes.',
      "",
    ].join("\n"),
  );
  return 0;
}

/**
 * Writes `deployment` to the stack with `pulumi stack import` (which drops every pending operation it holds). The
 * file holds the stack's state (secrets as ciphertext): readable by this user only, and gone afterwards.
 */
export async function importDeployment(
  pulumi: PulumiRunner,
  deployment: ExportedStack,
  stackArgs: string[],
  cwd: string,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-cim-state-"));
  try {
    const file = path.join(dir, "deployment.json");
    fs.writeFileSync(file, JSON.stringify(deployment), { mode: 0o600 });
    await pulumi(["stack", "import", "--file", file, ...stackArgs], cwd);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A wrong command line: the CLI prints the usage after the message. */
export class MigrateUsageError extends Error {}
