// What an editor shows on hover, asked of the TypeScript language service (the engine behind VS Code's hovers)
// on a program that imports pulumi-cim as users do: each Args field, each output and each lookup function shows
// its documentation, and a class reads as a short named type rather than the inferred type of its declaration.
import * as path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { kindList } from "../../provider/kinds";
import { type Fields, type Outputs, outputNames } from "../../provider/kinds/define";
import { hoverNotes } from "../../provider/kinds/fieldNotes";
import * as sdk from "../../sdk";
import { hoverAt, languageService, repoRoot as root } from "../fixtures/languageService";

// beside the tests, so tsconfig.json's `paths` resolve "pulumi-cim" to the SDK's source
const file = path.join(root, "tests", "sdk", "__hover__.ts");
const nativeFile = path.join(root, "tests", "sdk", "__hover_native__.ts");

/** A program on `pulumi-cim/native`: the same classes, and the explicit provider only that entry has. */
const nativeText = [
  'import * as cim from "pulumi-cim/native";',
  "declare const u: any;",
  'export const fra = new cim.Provider("fra", { region: u, token: u, maxRetries: 3 });',
  'export const vpc = new cim.Vpc("x", { cidr: "10.1.0.0/16", zoneId: u, vpcOfferingId: u }, { provider: fra });',
  "",
].join("\n");

/** A program and the places to hover in it, each with the documentation expected there. */
function program() {
  const lines = [
    'import * as cim from "pulumi-cim";',
    "declare const u: any;",
    'export const vpc = new cim.Vpc("x", { cidr: "10.1.0.0/16", zoneId: u, vpcOfferingId: u });',
  ];
  const spots: { at: string; offset: number; doc: string | undefined }[] = [];
  let text = `${lines.join("\n")}\n`;
  const add = (line: string, marks: { word: string; at: string; doc: string | undefined }[]) => {
    let from = 0;
    for (const m of marks) {
      const i = line.indexOf(m.word, from);
      spots.push({ at: m.at, offset: text.length + i, doc: m.doc });
      from = i + m.word.length;
    }
    text += `${line}\n`;
  };
  for (const kind of kindList) {
    const fields = kind.fields as Fields;
    const names = Object.keys(fields);
    // an object literal typed by the Args interface: hovering a key shows the field
    add(
      `export const args${kind.name}: cim.${kind.name}Args = { ${names.map((n) => `${n}: u`).join(", ")} };`,
      names.map((n) => {
        // the field's doc, then what the declaration says besides: what it names, "required unless adopting"
        const notes = hoverNotes(kind, n, fields[n]);
        const doc = fields[n]?.doc && notes ? `${fields[n].doc} ${notes}` : fields[n]?.doc;
        return { word: `${n}: u`, at: `${kind.name}Args.${n}`, doc };
      }),
    );
    const outs = outputNames(kind);
    add(
      `export function outputs${kind.name}(r: cim.${kind.name}) { return [${outs.map((o) => `r.${o}`).join(", ")}]; }`,
      outs.map((o) => ({
        word: `r.${o}`,
        at: `${kind.name}.${o}`,
        doc: (kind.outputs as Outputs)[o]?.doc ?? fields[o]?.doc,
      })),
    );
  }
  const lookups = Object.keys(sdk).filter(
    (k) => /^get[A-Z]/.test(k) && typeof (sdk as any)[k] === "function",
  );
  add(
    `export const lookups = [${lookups.map((l) => `cim.${l}`).join(", ")}];`,
    lookups.map((l) => ({ word: `cim.${l}`, at: l, doc: undefined })),
  );
  return { text, spots, lookups };
}

let service: ts.LanguageService;
const { text, spots, lookups } = program();

const hover = (offset: number, at = file) => hoverAt(service, at, offset);

/** The offset of `word`'s last character in the program's line that contains `line`. */
function offsetIn(line: string, word: string): number {
  const start = text.indexOf(line);
  return start + line.indexOf(word) + word.length - 1;
}

const programs: Record<string, string> = { [file]: text, [nativeFile]: nativeText };

beforeAll(() => {
  service = languageService(programs);
});

describe("hovers in an editor (TypeScript language service)", () => {
  it("the program type-checks, so the hovers below are of a program a user could write", () => {
    const errors = [...service.getSemanticDiagnostics(file), ...service.getSyntacticDiagnostics(file)];
    expect(errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  }, 120_000); // the first question type-checks the whole SDK: slow on a loaded machine

  it("`cidr` in new cim.Vpc(…, { cidr }) shows the field's documentation", () => {
    const h = hover(offsetIn('{ cidr: "10.1.0.0/16"', "cidr"));
    expect(h.type).toContain("VpcArgs.cidr");
    expect(h.doc).toContain("The VPC's range, e.g. `10.1.0.0/16`, written as its network address");
  });

  it("`cim.Vpc` reads as a short named type", () => {
    const h = hover(offsetIn('new cim.Vpc("x"', "new cim.Vpc"));
    expect(h.type).toContain("VpcArgs");
    expect(h.type).not.toMatch(/FieldSpec|Zod|Kind</);
    expect(h.type.length).toBeLessThan(160);
    expect(h.doc).toContain("A virtual private cloud");
    // one constructor, in the named types (no second, inferred overload)
    const help = service.getSignatureHelpItems(file, offsetIn('new cim.Vpc("x", {', '"x"'), undefined);
    expect(help?.items.map((i) => ts.displayPartsToString(i.parameters[1]?.displayParts))).toEqual([
      "args: cim.VpcArgs",
    ]);
  });

  it("an id's hover says what it names and how to find it; a field required unless adopting says so", () => {
    const doc = (at: string) => hover((spots.find((x) => x.at === at)?.offset ?? 0) + 1).doc;
    expect(doc("InstanceArgs.zoneId")).toContain("An id (a UUID) of a zone: `cim.getZone` finds it by name.");
    expect(doc("InstanceArgs.templateId")).toContain("Names a `cim.Template` by id (its `id` output).");
    expect(doc("TemplateArgs.url")).toContain("Required unless adopting (`adoptId`).");
  });

  it("fields the README promises documentation for show it: userData, memberIds, startPort", () => {
    for (const [kind, field, words] of [
      ["Instance", "userData", "cloud-init payload"],
      ["LoadBalancerRule", "memberIds", "member instances"],
      ["NetworkAclRule", "startPort", "port"],
    ]) {
      const spot = spots.find((s) => s.at === `${kind}Args.${field}`);
      expect(spot, `${kind}.${field}`).toBeDefined();
      expect(hover((spot?.offset ?? 0) + 1).doc).toContain(words);
    }
  });

  it("every Args field and every output of every class shows its declaration's doc", () => {
    const wrong: string[] = [];
    for (const s of spots.filter((x) => x.doc !== undefined)) {
      const word = s.at.split(".")[1] ?? "";
      // hover inside the property name (after `r.` for outputs)
      const at = s.offset + (s.at.includes("Args.") ? 1 : 2 + Math.min(1, word.length - 1));
      const h = hover(at);
      if (h.doc !== s.doc) wrong.push(`${s.at}: ${JSON.stringify(h.doc)}`);
    }
    expect(wrong).toEqual([]);
    expect(spots.filter((x) => x.doc !== undefined).length).toBeGreaterThan(kindList.length * 8);
  });

  it("every lookup function shows documentation", () => {
    expect(lookups.length).toBeGreaterThan(20);
    const bare = spots
      .filter((s) => lookups.includes(s.at))
      .filter((s) => hover(s.offset + "cim.".length + 1).doc.trim() === "")
      .map((s) => s.at);
    expect(bare).toEqual([]);
  });
});

describe("hovers in a program on pulumi-cim/native", () => {
  const at = (line: string, word: string) => nativeText.indexOf(line) + line.indexOf(word) + word.length - 1;

  it("type-checks: the same Args, and { provider } a cim.Provider", () => {
    const errors = [
      ...service.getSemanticDiagnostics(nativeFile),
      ...service.getSyntacticDiagnostics(nativeFile),
    ];
    expect(errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))).toEqual([]);
  });

  it("the classes show the same documentation and short named types as on the dynamic path", () => {
    const cidr = hover(at('{ cidr: "10.1.0.0/16"', "cidr"), nativeFile);
    expect(cidr.type).toContain("VpcArgs.cidr");
    expect(cidr.doc).toBe(hover(offsetIn('{ cidr: "10.1.0.0/16"', "cidr")).doc);
    const vpc = hover(at('new cim.Vpc("x"', "new cim.Vpc"), nativeFile);
    expect(vpc.type).toContain("VpcArgs");
    expect(vpc.type.length).toBeLessThan(160);
    expect(vpc.doc).toContain("A virtual private cloud");
  });

  it("each setting of cim.Provider shows its documentation; the token says where it is kept", () => {
    const line = 'new cim.Provider("fra", { region: u, token: u, maxRetries: 3 })';
    expect(hover(at(line, "region"), nativeFile).doc).toContain("`CIM_REGION`");
    expect(hover(at(line, "token"), nativeFile).doc).toContain("Registered as a secret");
    expect(hover(at(line, "maxRetries"), nativeFile).doc).toContain("0 to 10");
  });
});

describe("a choice the API takes in any case, in an editor", () => {
  const choices = path.join(root, "tests", "sdk", "__choices__.ts");
  const text = [
    'import * as cim from "pulumi-cim";',
    "declare const u: any;",
    'export const a = new cim.NetworkAclRule("a", { aclId: u, cidrList: [], protocol: "tcp", action: "DENY" });',
    'export const b = new cim.NetworkAclRule("b", { aclId: u, cidrList: [], protocol: 6 });',
    'export const c = new cim.NetworkAclRule("c", { aclId: u, cidrList: [] });',
    'export const d = new cim.LoadBalancerRule("d", { name: "d", publicIpId: u, publicPort: 80, privatePort: 80, algorithm: "" });',
    "",
  ].join("\n");
  let choiceService: ts.LanguageService;
  beforeAll(() => {
    choiceService = languageService({ [choices]: text });
  });

  it("completes to its values, takes them in another case, and refuses a number or a left-out required one", () => {
    const errors = choiceService
      .getSemanticDiagnostics(choices)
      .map(
        (d) =>
          `${d.file!.getLineAndCharacterOfPosition(d.start!).line + 1}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
      );
    expect(errors).toEqual([
      expect.stringMatching(/^4: Type 'number' is not assignable/),
      expect.stringMatching(/^5: .*'protocol' is missing/),
    ]);
    const at = text.indexOf('algorithm: ""') + 'algorithm: "'.length;
    const offered = choiceService.getCompletionsAtPosition(choices, at, {})?.entries.map((e) => e.name);
    expect(offered).toEqual(expect.arrayContaining(["roundrobin", "leastconn", "source"]));
  }, 120_000); // its own language service: the first question type-checks the whole SDK again
});
