// SSH key pairs: public keys registered by name, per account and region, as CloudStack's registerSSHKeyPair,
// listSSHKeyPairs and deleteSSHKeyPair keep them (synchronous; no private key is ever made or stored here).
// The spec does not show this family: its routes and rules are written in emulator/README.md.
import { createHash } from "node:crypto";
import type { Data } from "../../family";
import { audited, isoNow, readHandlers } from "../../handlers/common";
import { body, reqStr, withinLength } from "../../handlers/input";
import { accepted, badRequest, type Ctx, conflict } from "../../http";
import type { SshKeyPairRec } from "./records";

export type SshKeyPairData = Data<"sshKeyPairs">;
type KCtx = Ctx<SshKeyPairData>;

/**
 * The key types CloudStack accepts, in the order SSHKeysHelper.getPublicKeyFromKeyMaterial tries them: RSA, DSA,
 * ECDSA on the NIST curves of 256, 384 and 521 bits (RFC 5656 names them `ecdsa-sha2-nistp<bits>`), Ed25519.
 */
export const KEY_TYPES: readonly string[] = [
  "ssh-rsa",
  "ssh-dss",
  ...[256, 384, 521].map((bits) => `ecdsa-sha2-nistp${bits}`),
  "ssh-ed25519",
];

/** CloudStack's @Parameter length of `publickey`. */
const KEY_MAX = 5120;

const invalidKey = (why: string) => badRequest("Public key is invalid", why);

/**
 * "<type> <base64>" from what the caller sent, as CloudStack reads it: a text without a space is first
 * base64-decoded (a whole encoded line), then it must start with a known type and carry key data. Unlike
 * CloudStack's lenient decoder, key data that is not base64 is refused too.
 */
export function normalisePublicKey(material: string): string {
  let text = material.trim();
  if (!/\s/.test(text)) text = Buffer.from(text, "base64").toString("utf8").trim();
  const [type, data] = text.split(/\s+/);
  if (!KEY_TYPES.includes(type) || data === undefined) {
    throw invalidKey(`Expected "<type> <base64 key> [comment]" with a type of ${KEY_TYPES.join(", ")}`);
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 !== 0) {
    throw invalidKey("The key data after the type is not base64");
  }
  return `${type} ${data}`;
}

/** CloudStack's fingerprint (SSHKeysHelper.getPublicKeyFingerprint): MD5 of the decoded blob, "aa:bb:…". */
export function fingerprintOf(publicKey: string): string {
  const blob = Buffer.from(publicKey.split(" ")[1] ?? "", "base64");
  return createHash("md5")
    .update(blob)
    .digest("hex")
    .replace(/(..)(?!$)/g, "$1:");
}

/** The caller's key pair of that name in the routed region, if any (instance create reads it). */
export function keyPairNamed(ctx: KCtx, name: string): SshKeyPairRec | undefined {
  return ctx.data.sshKeyPairs.list(ctx.owner).find((k) => k.name === name);
}

function view(k: SshKeyPairRec) {
  return { id: k.id, name: k.name, fingerprint: k.fingerprint, account: k.account, domain: "ROOT" };
}

const keyAccepted = (ctx: KCtx, k: SshKeyPairRec) =>
  accepted(k.id, undefined, audited(ctx.data.sshKeyPairs.resourceType, k.id));

export function create(ctx: KCtx) {
  const b = body(ctx);
  const name = reqStr(b, "name");
  const material = reqStr(b, "publicKey");
  withinLength("name", name);
  withinLength("publicKey", material, KEY_MAX);
  if (keyPairNamed(ctx, name))
    throw conflict(`A key pair with name '${name}' already exists for this account.`);
  const publicKey = normalisePublicKey(material);
  const same = ctx.data.sshKeyPairs.list(ctx.owner).find((k) => k.publicKey === publicKey);
  if (same) {
    throw conflict(
      `A key pair with key '${publicKey}' already exists for this account.`,
      `name=${same.name} id=${same.id}`,
    );
  }
  const fields = { name, publicKey, fingerprint: fingerprintOf(publicKey) };
  return keyAccepted(ctx, ctx.data.sshKeyPairs.insert(ctx.owner, fields, isoNow(ctx)));
}

/** Filters of listSSHKeyPairs: `name` and `fingerprint` (exact), `keyword` (either contains it). */
export const { get, list } = readHandlers<SshKeyPairData, SshKeyPairRec>({
  repo: (data) => data.sshKeyPairs,
  view: (_ctx, k) => view(k),
  listKey: "sshkeypairs",
  filters: { name: "name", fingerprint: "fingerprint" },
  keywordIn: ["name", "fingerprint"],
});

/** Instances that were given the key keep it (CloudStack copies the public key into the instance). */
export function remove(ctx: KCtx) {
  const k = ctx.data.sshKeyPairs.find(ctx.owner, ctx.params.id);
  ctx.data.sshKeyPairs.delete(k.id);
  return keyAccepted(ctx, k);
}
