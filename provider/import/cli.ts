#!/usr/bin/env node
// pulumi-cim — the package's command line (`npx pulumi-cim …`).
//
//   pulumi-cim import --region R [--kind K]… [--id ID]… [--name NAME]… [--tag K=V]… [--out DIR] [--project NAME] [--force]
//                     [--base-url URL] [--token-file FILE] [--audience AUD]
//   pulumi-cim doctor [--stack NAME] [--cwd DIR] [--env-only] [--timeout MS]   (../doctor)
//   pulumi-cim migrate --to native|dynamic [--stack NAME] [--cwd DIR] [--yes]   (../migrate)
//   pulumi-cim recover [--stack NAME] [--cwd DIR] [--id URN=ID]... [--hours N] [--yes]   (../recover)
//
// `import` reads the resources of one region that the registry of kinds marks importable (instances, volumes,
// VPCs, …: provider/kinds) and writes a Pulumi TypeScript program (index.ts, package.json, Pulumi.yaml, tsconfig.json) that adopts them: its
// first `pulumi up` changes nothing; --kind, --id, --name and --tag narrow what it adopts (select.ts). Reads only. Credentials: CIM_BASE_URL and CIM_TOKEN (or --base-url and
// --token-file); the token is never printed or written.

import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import { CimClient } from "../client";
import { DOCTOR_USAGE, doctorCommand } from "../doctor";
import { kindList } from "../kinds";
import { MIGRATE_USAGE, MigrateUsageError, MigrationRefused, migrateCommand } from "../migrate";
import { RECOVER_USAGE, RecoverUsageError, recoverCommand } from "../recover";
import { dependencySpec, ownPackageRoot } from "./dependency";
import { generateProgram, importFile, nounList, type PlannedResource } from "./generate";
import { type Inventory, readInventory, resolveRegion } from "./inventory";
import { importableKindNames, kindsNamed, narrowInventory, type Selection, tagsNamed } from "./select";
import { readStackState, type StackState } from "./stackState";

const IMPORT_USAGE = `usage: pulumi-cim import --region REGION [--kind KIND]... [--id ID]... [--name NAME]...
                         [--tag KEY=VALUE]... [--out DIR] [--project NAME] [--force]
                         [--prefix P] [--import-file FILE [--provider NAME=URN] [--state EXPORT]]
                         [--base-url URL] [--token-file FILE] [--audience AUD]

  Writes a Pulumi TypeScript program that adopts, in REGION (a region id or name), the
  ${nounList()}, with inputs equal to their live state. Its package.json depends on
  this pulumi-cim: a version range when it was installed from a registry, else the tarball, git URL
  or folder it was installed from (a source checkout: its folder). With --import-file, writes instead
  the same selection as the file \`pulumi import --file\` reads, for a project of any language on the
  native plugin: the CLI then records each resource in the stack and writes its code.

  --region R        region id (uuid) or name; default: $CIM_REGION
  --kind K          adopt only resources of kind K; repeat for more kinds. The kinds:
${wrap(importableKindNames().join(", "), 20, 100)}
  --id ID           adopt only the resource with this id; repeat for more (a static NAT shares its
                    public IP's id: add --kind to tell them apart)
  --name NAME       adopt only resources with this name; repeat for more
  --tag KEY=VALUE   adopt only resources with this tag; repeat: all must be on the resource
                    (given together, --kind, --id, --name and --tag must all hold; what is not
                    adopted is referred to by id)
  --out DIR         where to write the program; default: ./cim-import-<region>
  --project NAME    Pulumi project name; default: the folder's name
  --force           overwrite files of an earlier import in DIR (or the --import-file)
  --prefix P        put P before every resource name (--prefix fra- : fra-web-1), for another region's
                    resources in a stack that has this one's names already
  --import-file F   write F for \`pulumi import --file F\` instead of a program (names and ids, with the
                    plugin's type tokens); the stack's default provider must be of REGION, else:
  --provider N=URN  the stack's cim provider of REGION to import under: its name in the code and its URN
  --state EXPORT    the stack's \`pulumi stack export --file EXPORT\`: resources it already holds are left
                    out, and a name it already gives a resource of the same kind gets a number (web-1-2)
  --base-url URL    the API; default: $CIM_BASE_URL
  --token-file F    a file holding the access token; without it, the token in $CIM_TOKEN
  --audience AUD    check the token's audience first; default: $CIM_AUDIENCE`;

const USAGE = `usage: pulumi-cim <command> [options]   (pulumi-cim <command> --help for one command)

commands:
  doctor   check the endpoint, token, regions and quota a deployment needs (exit 1 when pulumi up would fail)
  import   write a Pulumi program that adopts the resources of one region
  migrate  move a stack's resources to the native provider plugin or back, in state only
  recover  after a run killed mid-create: record what its pending creates made, or drop them

${DOCTOR_USAGE}

${IMPORT_USAGE}

${MIGRATE_USAGE}

${RECOVER_USAGE}`;

class UsageError extends Error {}

/** `text` in lines of at most `width` characters, each indented by `indent` spaces. */
function wrap(text: string, indent: number, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].map((l) => " ".repeat(indent) + l).join("\n");
}

/** The base URL without anything that could be a credential (user info, query, fragment). */
function displayUrl(baseUrl: string): string {
  try {
    const u = new URL(baseUrl);
    return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, "")}`;
  } catch {
    return "";
  }
}

const FILES = ["index.ts", "package.json", "Pulumi.yaml", "tsconfig.json"];

export async function importCommand(
  argv: string[],
  out: (s: string) => void = (s) => process.stdout.write(s),
) {
  const { values: a } = parseArgs({
    args: argv,
    allowPositionals: false,
    options: {
      region: { type: "string" },
      kind: { type: "string", multiple: true },
      id: { type: "string", multiple: true },
      name: { type: "string", multiple: true },
      tag: { type: "string", multiple: true },
      out: { type: "string" },
      project: { type: "string" },
      force: { type: "boolean", default: false },
      "import-file": { type: "string" },
      provider: { type: "string" },
      prefix: { type: "string" },
      state: { type: "string" },
      "base-url": { type: "string" },
      "token-file": { type: "string" },
      audience: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (a.help) {
    out(`${IMPORT_USAGE}\n`);
    return;
  }
  const regionArg = a.region ?? process.env.CIM_REGION;
  if (!regionArg) throw new UsageError("--region is required (or set CIM_REGION)");
  let selection: Selection;
  try {
    selection = { kinds: kindsNamed(a.kind ?? []), ids: a.id, names: a.name, tags: tagsNamed(a.tag ?? []) };
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const baseUrl = a["base-url"] ?? process.env.CIM_BASE_URL;
  if (!baseUrl) throw new UsageError("the API address is missing: set CIM_BASE_URL or give --base-url");
  let token = process.env.CIM_TOKEN;
  if (a["token-file"]) {
    try {
      token = fs.readFileSync(a["token-file"], "utf8").trim();
    } catch {
      throw new UsageError(`cannot read the token file ${a["token-file"]}`);
    }
  }
  if (!token) throw new UsageError("the access token is missing: set CIM_TOKEN or give --token-file");
  const provider = providerNamed(a.provider, a["import-file"]);
  if (a.state !== undefined && !a["import-file"])
    throw new UsageError("--state goes with --import-file (a program goes into a stack of its own)");
  const state = a.state === undefined ? undefined : readStackState(a.state);
  if (a["import-file"] && (a.out !== undefined || a.project !== undefined))
    throw new UsageError(
      "--out and --project name a program's folder and project: --import-file writes no program",
    );

  const client = new CimClient({ baseUrl, token, audience: a.audience ?? process.env.CIM_AUDIENCE });
  token = undefined;
  const region = await resolveRegion(client, regionArg);
  const inventory = narrowInventory(await readInventory(client.withRegion(region.id), region), selection);
  inventory.baseUrl = displayUrl(baseUrl) || undefined;

  if (a["import-file"])
    return writeImportFile(
      a["import-file"],
      inventory,
      region,
      { provider, state, prefix: a.prefix },
      a.force,
      out,
    );
  const dir = path.resolve(
    a.out ?? `cim-import-${(region.name ?? region.id.slice(0, 8)).replace(/[^A-Za-z0-9._-]+/g, "-")}`,
  );
  const existing = FILES.filter((f) => fs.existsSync(path.join(dir, f)));
  if (existing.length && !a.force) {
    throw new Error(`${dir} already has ${existing.join(", ")}; give --force to overwrite`);
  }
  const pkg = ownPackageRoot();
  if (!pkg) throw new Error(`cannot find pulumi-cim's package.json above ${__dirname}`);
  const generated = generateProgram(inventory, {
    project: a.project ?? (path.basename(dir).replace(/[^A-Za-z0-9._-]+/g, "-") || "cim-import"),
    versions: {
      pulumiCim: dependencySpec(pkg.root, pkg.version),
      pulumi: pkg.pulumi ?? "^3.0.0",
    },
    generatedAt: new Date().toISOString(),
    prefix: a.prefix,
  });
  fs.mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(generated.files)) fs.writeFileSync(path.join(dir, file), text);

  const count = (kind: string) => generated.resources.filter((r) => r.kind === kind).length;
  // narrowed: the kinds asked for, else those it adopts any of; otherwise every kind, none left unsaid
  const listed = kindList.filter(
    (k) =>
      k.importer &&
      (selection.kinds?.length
        ? selection.kinds.includes(k.name)
        : !inventory.selection || count(k.name) > 0),
  );
  const rel = path.relative(process.cwd(), dir) || ".";
  out(
    [
      `Region ${region.name ? `${region.name} (${region.id})` : region.id}${
        inventory.selection ? `, selected by ${inventory.selection}` : ""
      }: ${listed.map((k) => `${count(k.name)} ${k.noun}(s)`).join(", ")} to adopt.`,
      ...inventory.skipped.map((s) => `  not adopted: ${s.kind} ${s.name ?? ""} ${s.id} (${s.reason})`),
      `Wrote ${FILES.map((f) => path.join(rel, f)).join(", ")}.`,
      "Next:",
      `  cd ${rel} && npm install`,
      "  pulumi stack init <name>",
      "  pulumi up        # adopts every resource; changes nothing in the cloud",
      "  pulumi preview   # shows no changes",
      "",
    ].join("\n"),
  );
  return generated;
}

/** --provider NAME=URN, only with --import-file: the stack's provider the import file names. */
function providerNamed(given: string | undefined, file: string | undefined) {
  if (given === undefined) return undefined;
  if (!file) throw new UsageError("--provider goes with --import-file (a program names its provider itself)");
  const at = given.indexOf("=");
  const name = given.slice(0, at).trim();
  const urn = given.slice(at + 1).trim();
  // (a provider declared inside a component has the component's type before its own: …::my:Comp$pulumi:providers:cim::…)
  if (at < 1 || !/^urn:pulumi:.*::(?:[^:]*\$)?pulumi:providers:cim::[^:]+$/.test(urn))
    throw new UsageError(
      `--provider must be NAME=URN, the URN a cim provider's (urn:pulumi:<stack>::<project>::pulumi:providers:cim::<name>); got ${JSON.stringify(given)}`,
    );
  return { name, urn };
}

/**
 * Writes the file `pulumi import --file` reads, with the same names the program would give (after `prefix`); with
 * the stack's `state`, without what the stack already holds and with no name it already gives.
 */
function writeImportFile(
  file: string,
  inventory: Inventory,
  region: { id: string; name?: string },
  into: { provider?: { name: string; urn: string }; state?: StackState; prefix?: string },
  force: boolean,
  out: (s: string) => void,
) {
  const { provider, state } = into;
  const target = path.resolve(file);
  if (fs.existsSync(target) && !force) throw new Error(`${target} exists; give --force to overwrite`);
  const planned = generateProgram(inventory, {
    project: "cim-import",
    versions: { pulumiCim: "", pulumi: "" },
    prefix: into.prefix,
    taken: state?.names,
  });
  const held = (r: PlannedResource) => state?.ids.get(`${r.kind}/${r.id}`);
  const resources = planned.resources.filter((r) => held(r) === undefined);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, importFile(resources, provider));
  const where = region.name ? `${region.name} (${region.id})` : region.id;
  const rel = path.relative(process.cwd(), target) || target;
  const clashed = resources.filter((r) => r.clashed);
  out(
    [
      `Region ${where}${inventory.selection ? `, selected by ${inventory.selection}` : ""}: ${resources.length} resource(s) to import.`,
      ...inventory.skipped.map((s) => `  not imported: ${s.kind} ${s.name ?? ""} ${s.id} (${s.reason})`),
      ...planned.resources
        .filter((r) => held(r) !== undefined)
        .map((r) => `  not imported: ${r.kind} ${r.id} (already in the stack, as ${held(r)})`),
      ...clashed.map((r) => `  named ${r.name}: the stack already has a ${r.kind} named ${r.clashed}`),
      ...(clashed.length
        ? [`  (for names that say the region instead, give --prefix, e.g. --prefix ${region.name ?? "r"}-)`]
        : []),
      `Wrote ${rel}.`,
      `Next, in the folder of a Pulumi project on the native plugin (Pulumi YAML, Python, Go, or TypeScript with`,
      `pulumi-cim/native), whose stack's ${provider ? `provider ${provider.name}` : "cim:region (or CIM_REGION)"} is region ${where}:`,
      `  pulumi import --file ${rel} --out imported.yaml   # records each resource in the stack (protected) and writes`,
      "                                                  # its code in the project's language (here YAML; .py, .go, …)",
      "  then put that code into the program: pulumi preview shows no changes",
      ...(state
        ? []
        : [
            "Into a stack that holds resources already (another region's): give --state with its `pulumi stack export`,",
            "so no name it uses and no record it manages is imported twice (Pulumi refuses a name that exists).",
          ]),
      "",
    ].join("\n"),
  );
  return { ...planned, resources };
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "import") {
      await importCommand(rest);
      return 0;
    }
    if (command === "doctor") return await doctorCommand(rest);
    if (command === "migrate") return await migrateCommand(rest);
    if (command === "recover") return await recoverCommand(rest);
    if (command === undefined || command === "help" || command === "--help" || command === "-h") {
      process.stdout.write(`${USAGE}\n`);
      return command === undefined ? 1 : 0;
    }
    throw new UsageError(`unknown command "${command}"`);
  } catch (err) {
    const message = (err as Error)?.message ?? String(err);
    process.stderr.write(`pulumi-cim: ${message}\n`);
    if (err instanceof MigrationRefused) process.stderr.write("Nothing was written.\n");
    if (
      err instanceof UsageError ||
      err instanceof MigrateUsageError ||
      err instanceof RecoverUsageError ||
      (err as { code?: string })?.code?.startsWith?.("ERR_PARSE_ARGS")
    ) {
      // the usage of the command that was given, or of them all
      const own: Record<string, string> = {
        doctor: DOCTOR_USAGE,
        import: IMPORT_USAGE,
        migrate: MIGRATE_USAGE,
        recover: RECOVER_USAGE,
      };
      process.stderr.write(`\n${own[command ?? ""] ?? USAGE}\n`);
    }
    return 1;
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
