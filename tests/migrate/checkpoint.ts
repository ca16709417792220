// A checkpoint of a small stack on the dynamic path, shaped as `pulumi stack export` prints one, built here
// rather than captured so it holds no token: a component with a key pair and a VPC in it, a network tier whose
// parent is the VPC (its URN carries the VPC's type), a resource of another package under the tier, a stack
// output referring to the VPC, and Pulumi's dynamic-provider host with the stack's config in its inputs (as the
// engine keeps it: every config value, secrets as ciphertext).
import type { ExportedStack, StateResource } from "../../provider/migrate/state";

export const STACK = "dev";
export const PROJECT = "shop";
export const urn = (qualifiedType: string, name: string) =>
  `urn:pulumi:${STACK}::${PROJECT}::${qualifiedType}::${name}`;

const D = "pulumi-nodejs:dynamic/cim:";
export const STACK_URN = urn("pulumi:pulumi:Stack", `${PROJECT}-${STACK}`);
export const GROUP_URN = urn("shop:app:Group", "app");
export const NODEJS_URN = urn("pulumi:providers:pulumi-nodejs", "default");
export const NODEJS_ID = "0b7e3c4e-0000-4000-8000-000000000001";
export const NODEJS_REF = `${NODEJS_URN}::${NODEJS_ID}`;
export const KEY_URN = urn(`shop:app:Group$${D}SshKeyPair`, "ops");
export const VPC_URN = urn(`shop:app:Group$${D}Vpc`, "main");
export const TIER_URN = urn(`shop:app:Group$${D}Vpc$${D}Network`, "tier");
export const PET_URN = urn(`shop:app:Group$${D}Vpc$${D}Network$random:index/randomPet:RandomPet`, "pet");
export const RANDOM_URN = urn("pulumi:providers:random", "default_4_16_0");

/** The config values the dynamic host's provider holds: none may be in a migrated checkpoint. */
export const CONFIG_TEXT = "https://cim.example.test/api";
export const CONFIG_CIPHERTEXT = "v1:Zm9vYmFyYmF6cXV4:c2VjcmV0LXRva2VuLWNpcGhlcnRleHQ=";

export const PROVIDER_TEXT = (kind: string) => `exports.handler = () => require("pulumi-cim/shims/${kind}");`;

const SECRET = "4dabf18193072939515e22adb298388d";

function dynamic(kind: string, u: string, id: string, r: Partial<StateResource>): StateResource {
  const inputs = { ...(r.inputs ?? {}), __provider: PROVIDER_TEXT(kind) };
  return {
    urn: u,
    custom: true,
    id,
    type: `${D}${kind}`,
    ...r,
    inputs,
    outputs: { ...inputs, ...(r.outputs ?? {}), __given: Object.keys(r.inputs ?? {}).join(",") },
    provider: NODEJS_REF,
    propertyDependencies: {
      __provider: [],
      ...Object.fromEntries(Object.keys(r.inputs ?? {}).map((k) => [k, []])),
      ...(r.propertyDependencies ?? {}),
    },
  };
}

export function dynamicCheckpoint(): ExportedStack {
  const resources: StateResource[] = [
    {
      urn: STACK_URN,
      custom: false,
      type: "pulumi:pulumi:Stack",
      outputs: {
        vpc: { [SECRET]: "5cf8f73096256a8f31e491e813e4eb8e", urn: VPC_URN, id: "vpc-1", packageVersion: "" },
        vpcId: "vpc-1",
      },
    },
    { urn: GROUP_URN, custom: false, type: "shop:app:Group", parent: STACK_URN },
    {
      urn: NODEJS_URN,
      custom: true,
      id: NODEJS_ID,
      type: "pulumi:providers:pulumi-nodejs",
      inputs: {
        "cim:baseUrl": CONFIG_TEXT,
        "cim:token": { [SECRET]: "1b47061264138c4ac30d75fd1eb44270", ciphertext: CONFIG_CIPHERTEXT },
      },
      outputs: {
        "cim:baseUrl": CONFIG_TEXT,
        "cim:token": { [SECRET]: "1b47061264138c4ac30d75fd1eb44270", ciphertext: CONFIG_CIPHERTEXT },
      },
    },
    dynamic("SshKeyPair", KEY_URN, "key-1", {
      parent: GROUP_URN,
      inputs: { name: "ops", publicKey: "ssh-ed25519 AAAA ops" },
      outputs: { fingerprint: "be:b1" },
    }),
    dynamic("Vpc", VPC_URN, "vpc-1", {
      parent: GROUP_URN,
      dependencies: [KEY_URN],
      inputs: { name: "main", cidr: "10.30.0.0/16", zoneId: "zone-1" },
      outputs: { state: "Implemented" },
      aliases: [urn(`${D}Vpc`, "main")],
    }),
    dynamic("Network", TIER_URN, "net-1", {
      parent: VPC_URN,
      dependencies: [VPC_URN],
      deletedWith: VPC_URN,
      inputs: { name: "tier", vpcId: "vpc-1", gateway: "10.30.1.1" },
      propertyDependencies: { vpcId: [VPC_URN] },
    }),
    {
      urn: RANDOM_URN,
      custom: true,
      id: "rnd-provider",
      type: "pulumi:providers:random",
      inputs: { version: "4.16.0" },
      outputs: { version: "4.16.0" },
    },
    {
      urn: PET_URN,
      custom: true,
      id: "pet-1",
      type: "random:index/randomPet:RandomPet",
      parent: TIER_URN,
      dependencies: [TIER_URN],
      provider: `${RANDOM_URN}::rnd-provider`,
      inputs: { prefix: "net-1" },
      outputs: { id: "pet-1", prefix: "net-1" },
      propertyDependencies: { prefix: [TIER_URN] },
    },
  ];
  return {
    version: 3,
    deployment: {
      manifest: { time: "2026-11-28T07:00:00Z", magic: "m", version: "v3.259.0" },
      secrets_providers: { type: "passphrase", state: { salt: "v1:c2FsdA==:c2FsdA==" } },
      resources,
      metadata: {},
    },
  };
}

/** Where the checkpoint's order breaks what the engine checks on import: a parent, dependency or provider after its user. */
export function orderProblems(exported: ExportedStack): string[] {
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const r of exported.deployment.resources ?? []) {
    const named = [r.parent, ...(r.dependencies ?? []), r.provider?.slice(0, r.provider.lastIndexOf("::"))];
    for (const u of named) if (u && !seen.has(u)) problems.push(`${r.urn} names ${u} before it`);
    seen.add(r.urn);
  }
  return problems;
}
