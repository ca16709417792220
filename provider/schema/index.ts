// The Pulumi package schema of the native plugin (GetSchema), generated from the registry of kinds and the
// provider's settings, so it cannot drift from what the engine checks: every kind is a resource
// `cim:index:<Kind>` whose input properties are its fields (typed from their zod schemas by zodTypes.ts, the one
// converter the lookups' functions use too, as programs pass them)
// and whose properties are its outputs (as the provider returns them), with the declarations' docs, required and
// secret flags. Pulumi reads it for `pulumi import` code generation, `pulumi package get-schema` and SDK
// generation. `language.nodejs.packageName` makes generated TypeScript import the native SDK,
// `import * as cim from "pulumi-cim/native"`; `language.python` and `language.go` name the SDKs
// `pulumi package gen-sdk` makes (docs/languages.md).

import type { z } from "zod";
import { SETTINGS, type SettingName } from "../config";
import { ownPackageRoot } from "../import/dependency";
import { kindList } from "../kinds";
import { type FieldSpec, type Kind, optionalInput, outputNames } from "../kinds/define";
import { type ObjectTypeSpec, type PropertySpec, type TypeContext, typeSpecOf } from "./zodTypes";

export const PACKAGE = "cim";

/** `cim:index:Volume`: a kind's resource token on the native path. */
export function resourceToken(kind: { name: string }): string {
  return `${PACKAGE}:index:${kind.name}`;
}

export type { ObjectTypeSpec, PropertySpec };

/** Where a kind's nested objects go: named types of module `index` (`cim:index:InstanceIpToNetworkList`). */
const indexTypes = (types: Record<string, ObjectTypeSpec>): TypeContext => ({
  tokenOf: (name) => `${PACKAGE}:index:${name}`,
  types,
});

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The `timeouts` input every record kind takes: its JSON schema says nothing (it is checked by a rule). */
const TIMEOUTS = `${PACKAGE}:index:Timeouts`;
const timeoutsType: Omit<ObjectTypeSpec, "required"> = {
  type: "object",
  description:
    'How long to wait for the API\'s jobs of each operation: milliseconds or a duration ("90s", "10m", "1h30m").',
  properties: Object.fromEntries(
    ["create", "update", "delete"].map((op) => [
      op,
      { oneOf: [{ type: "string" }, { type: "number" }], description: `The wait limit of a ${op}.` },
    ]),
  ) as Record<string, PropertySpec>,
};

/** Whether the schema's output may be undefined (the provider then leaves the output out). */
const mayBeAbsent = (schema: z.ZodType) => {
  const r = schema.safeParse(undefined);
  return r.success && r.data === undefined;
};

function fieldProperty(
  kind: Kind,
  key: string,
  f: FieldSpec,
  io: "input" | "output",
  types: Record<string, ObjectTypeSpec>,
): PropertySpec {
  const p =
    key === "timeouts"
      ? { $ref: `#/types/${TIMEOUTS}` }
      : typeSpecOf(
          io === "output" ? (f.shown ?? f.schema) : f.schema,
          kind.name + cap(key),
          indexTypes(types),
        );
  return { ...p, ...(f.doc ? { description: f.doc } : {}), ...(f.secret ? { secret: true } : {}) };
}

export interface ResourceSpec {
  description: string;
  inputProperties: Record<string, PropertySpec>;
  requiredInputs: string[];
  properties: Record<string, PropertySpec>;
  required: string[];
}

/** A kind as a resource of the schema. */
export function resourceSpec(kind: Kind, types: Record<string, ObjectTypeSpec>): ResourceSpec {
  const inputProperties: Record<string, PropertySpec> = {};
  const requiredInputs: string[] = [];
  for (const [k, f] of Object.entries(kind.fields)) {
    inputProperties[k] = fieldProperty(kind, k, f, "input", types);
    if (!optionalInput(f)) requiredInputs.push(k);
  }
  const properties: Record<string, PropertySpec> = {};
  const required: string[] = [];
  for (const k of outputNames(kind)) {
    const f = kind.fields[k];
    const o = kind.outputs[k];
    if (k === "region") {
      properties.region = { type: "string", description: kind.fields.region?.doc ?? "The region uuid." };
      required.push(k);
    } else if (f) {
      properties[k] = fieldProperty(kind, k, f, "output", types);
      if (f.present || !mayBeAbsent(f.shown ?? f.schema)) required.push(k);
    } else if (o) {
      const p = typeSpecOf(o.schema, kind.name + cap(k), indexTypes(types));
      properties[k] = {
        ...p,
        ...(o.doc ? { description: o.doc } : {}),
        ...(o.secret ? { secret: true } : {}),
      };
      if (!mayBeAbsent(o.schema)) required.push(k);
    }
  }
  return { description: kind.summary, inputProperties, requiredInputs, properties, required };
}

/** What each provider setting is, for the schema's config and the provider's inputs. */
const SETTING_DOCS: Record<SettingName, { description: string; type: PropertySpec["type"] }> = {
  baseUrl: { type: "string", description: "The API's address, e.g. https://cloud.example.com." },
  token: {
    type: "string",
    description: "The API token (a secret: kept encrypted in state; CIM_TOKEN keeps it out).",
  },
  region: {
    type: "string",
    description: "The region uuid of resources that name none; default: the API's default region.",
  },
  audience: { type: "string", description: "The token audience the provider expects; default: not checked." },
  requestTimeout: {
    type: "string",
    description: 'How long one API request may take: "30s", "2m", "1500ms" or milliseconds, at most 1h.',
  },
  maxRetries: {
    type: "integer",
    description: "Retries of a read that failed for a passing reason (0 to 10).",
  },
  maxConcurrentRequests: {
    type: "integer",
    description: "The most API requests at once (1 to 256); default: no limit.",
  },
};

function settingProperties(): Record<string, PropertySpec> {
  return Object.fromEntries(
    SETTINGS.map((s) => {
      const d = SETTING_DOCS[s.name];
      const p: PropertySpec = { type: d.type, description: `${d.description} Environment: ${s.env}.` };
      if (s.name === "token") p.secret = true;
      return [s.name, p];
    }),
  );
}

/** The version the schema and GetPluginInfo report: the package's. */
export function packageVersion(): string {
  const own = ownPackageRoot(__dirname);
  if (!own) throw new Error("pulumi-cim: cannot find the package's own package.json");
  return own.version;
}

/** The whole schema. `functions`: the lookups' function specs (token → spec), merged in as they are. */
export function packageSchema(functions?: {
  schemas(): Record<string, unknown>;
  types(): Record<string, unknown>;
}): Record<string, unknown> {
  const own: Record<string, ObjectTypeSpec> = {};
  const resources: Record<string, ResourceSpec> = {};
  for (const kind of kindList) resources[resourceToken(kind)] = resourceSpec(kind, own);
  const types: Record<string, unknown> = { ...functions?.types(), [TIMEOUTS]: timeoutsType, ...own };
  const settings = settingProperties();
  return {
    name: PACKAGE,
    displayName: "CIM",
    version: packageVersion(),
    description: "Resources of the Cloud Infrastructure Management API.",
    config: { variables: settings },
    provider: {
      description: "The provider of CIM resources: where the API is, the token, and how requests are made.",
      inputProperties: settings,
      properties: settings,
    },
    resources,
    types,
    functions: functions?.schemas() ?? {},
    // SDKs of other languages (`pulumi package gen-sdk`): each a package of its own (supportPack: the Go SDK
    // gets its go.mod, the Python SDK its pyproject.toml), named here rather than after a hosting site.
    meta: { supportPack: true },
    language: {
      nodejs: { packageName: "pulumi-cim/native" },
      python: { packageName: "pulumi_cim" },
      go: { importBasePath: "pulumi-cim/sdk/go/cim" },
    },
  };
}
