// The native plugin's package schema (provider/schema/) against the declarations it is made from: every kind of
// the registry, each of its inputs and outputs, required and secret flags and docs; the provider's settings; and
// Pulumi's own schema checker (`pulumi schema check`) accepts it.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { SETTINGS } from "../../provider/config";
import { kindList } from "../../provider/kinds";
import { optionalInput, outputNames, secretInputs, secretOutputs } from "../../provider/kinds/define";
import { nativeFunctions } from "../../provider/lookups";
import { packageSchema } from "../../provider/schema";

// the schema the plugin serves: its resources and the lookups as functions
const schema = packageSchema(nativeFunctions) as any;
const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8"));

/** Every `$ref` inside a value. */
function refs(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) refs(x, out);
  else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v))
      if (k === "$ref" && typeof x === "string") out.push(x);
      else refs(x, out);
  }
  return out;
}

describe("package schema", () => {
  it("names the package, its version and the native SDK as the TypeScript package", () => {
    expect(schema.name).toBe("cim");
    expect(schema.version).toBe(pkg.version);
    expect(schema.language.nodejs.packageName).toBe("pulumi-cim/native");
  });

  it("has every kind of the registry as cim:index:<Kind>, and nothing else", () => {
    expect(Object.keys(schema.resources).sort()).toEqual(kindList.map((k) => `cim:index:${k.name}`).sort());
  });

  for (const kind of kindList) {
    it(`${kind.name}: inputs, outputs, required, secret and docs as declared`, () => {
      const r = schema.resources[`cim:index:${kind.name}`];
      expect(r.description).toBe(kind.summary);
      expect(Object.keys(r.inputProperties)).toEqual(Object.keys(kind.fields));
      expect(r.requiredInputs).toEqual(
        Object.keys(kind.fields).filter((k) => !optionalInput(kind.fields[k])),
      );
      expect(Object.keys(r.properties)).toEqual(outputNames(kind));
      const secretIn = Object.keys(r.inputProperties).filter((k) => r.inputProperties[k].secret);
      expect(secretIn).toEqual(secretInputs(kind));
      const secretOut = Object.keys(r.properties).filter((k) => r.properties[k].secret);
      expect(secretOut).toEqual(secretOutputs(kind));
      for (const [k, f] of Object.entries(kind.fields)) {
        expect(r.inputProperties[k].description, k).toBe(f.doc);
        if (k !== "region" && !f.secret) expect(r.properties[k].description, k).toBe(f.doc);
        const p = r.inputProperties[k];
        expect(p.type ?? p.$ref ?? p.oneOf, `${k} has a type`).toBeDefined();
      }
      for (const [k, o] of Object.entries(kind.outputs)) expect(r.properties[k].description, k).toBe(o.doc);
      expect(r.required).toContain("region");
      for (const k of r.required) expect(r.properties[k], k).toBeDefined();
    });
  }

  it("types fields from their checks: numbers, lists of objects, maps, and every reference resolves", () => {
    const vol = schema.resources["cim:index:Volume"];
    expect(vol.inputProperties.size.type).toBe("integer");
    expect(vol.inputProperties.tags).toMatchObject({
      type: "object",
      additionalProperties: { type: "string" },
    });
    expect(vol.inputProperties.timeouts.$ref).toBe("#/types/cim:index:Timeouts");
    const vm = schema.resources["cim:index:Instance"];
    expect(vm.inputProperties.userData).toMatchObject({ type: "string", secret: true });
    expect(vm.properties.userData).toBeUndefined();
    // an output whose check ends in a transform (a canonical CIDR, an upper-cased interval) is typed by what
    // the transform takes: both are strings
    expect(schema.resources["cim:index:Vpc"].properties.cidr.type).toBe("string");
    expect(schema.resources["cim:index:BackupSchedule"].properties.intervalType.type).toBe("string");
    // a nested object is a named type of the same converter the functions use, its fields typed and required
    expect(vm.inputProperties.ipToNetworkList).toMatchObject({
      type: "array",
      items: { $ref: "#/types/cim:index:InstanceIpToNetworkList" },
    });
    expect(schema.types["cim:index:InstanceIpToNetworkList"]).toMatchObject({
      type: "object",
      properties: { networkId: { type: "string" }, ipAddress: { type: "string" } },
      required: ["networkId", "ipAddress"],
    });
    for (const ref of refs(schema)) {
      if (ref.startsWith("pulumi.json#")) continue;
      expect(schema.types[ref.replace("#/types/", "")], ref).toBeDefined();
    }
  });

  it("describes every type and every property: what SDKs of other languages and editors show", () => {
    const blank = (d: unknown) => typeof d !== "string" || d.trim() === "";
    const missing: string[] = [];
    const properties = (where: string, props: Record<string, { description?: string }> | undefined) => {
      for (const [k, p] of Object.entries(props ?? {}))
        if (blank(p.description)) missing.push(`${where}.${k}`);
    };
    for (const [token, t] of Object.entries<any>(schema.types)) {
      if (blank(t.description)) missing.push(`type ${token}`);
      properties(`type ${token}`, t.properties);
    }
    for (const [token, r] of Object.entries<any>(schema.resources)) {
      if (blank(r.description)) missing.push(`resource ${token}`);
      properties(`resource ${token} input`, r.inputProperties);
      properties(`resource ${token} output`, r.properties);
    }
    for (const [token, f] of Object.entries<any>(schema.functions)) {
      if (blank(f.description)) missing.push(`function ${token}`);
      properties(`function ${token} argument`, f.inputs.properties);
      properties(`function ${token} result`, f.outputs.properties);
    }
    properties("config", schema.config.variables);
    properties("provider input", schema.provider.inputProperties);
    expect(missing).toEqual([]);
    // the nested types users found bare: a kind's object field and the lookups' records
    expect(schema.types["cim:index:KubernetesClusterAutoscaling"].properties.minSize.description).toMatch(
      /fewest worker nodes/,
    );
    expect(schema.types["cim:lookups:Zone"].description).toMatch(/^A zone of a region/);
    // a record the lookups extend (a template with the `state` they add) is described as the record it extends
    expect(schema.types["cim:lookups:Template"].description).toMatch(/^A template/);
  });

  it("has the provider's settings as config and provider inputs, the token secret", () => {
    const names = SETTINGS.map((s) => s.name);
    expect(Object.keys(schema.config.variables)).toEqual(names);
    expect(Object.keys(schema.provider.inputProperties)).toEqual(names);
    expect(schema.config.variables.token.secret).toBe(true);
    expect(schema.provider.inputProperties.token.secret).toBe(true);
    for (const s of SETTINGS) expect(schema.config.variables[s.name].description).toContain(s.env);
  });

  it("merges the functions it is given and the types they refer to", () => {
    const fn = {
      inputs: { properties: {} },
      outputs: { properties: { zone: { $ref: "#/types/cim:t:Zone" } } },
    };
    const zone = { type: "object", properties: {} };
    const merged = packageSchema({
      schemas: () => ({ "cim:index:getZone": fn }),
      types: () => ({ "cim:t:Zone": zone }),
    }) as any;
    expect(merged.functions["cim:index:getZone"]).toEqual(fn);
    expect(merged.types["cim:t:Zone"]).toEqual(zone);
  });

  it("passes pulumi schema check", async () => {
    const cli = path.join(process.env.CIM_PULUMI_ROOT ?? "", "bin", "pulumi");
    if (!process.env.CIM_PULUMI_ROOT) throw new Error("needs the bootstrapped toolchain (CIM_PULUMI_ROOT)");
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cim-schema-")), "schema.json");
    fs.writeFileSync(file, JSON.stringify(schema));
    const r = await promisify(execFile)(cli, ["schema", "check", file], { env: process.env }).catch((e) => e);
    expect(`${r.stdout}${r.stderr}`.trim()).toBe("");
    expect(r.code ?? 0).toBe(0);
  }, 60_000);
});
