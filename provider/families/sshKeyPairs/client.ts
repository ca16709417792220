// SSH key pairs: /api/v1/ssh-keypairs (not shown by the spec; emulator/README.md: CloudStack's registerSSHKeyPair,
// listSSHKeyPairs and deleteSSHKeyPair). Register and delete are synchronous ({id} without jobId). Reads give
// the name and the fingerprint, never the public key, so what was registered is recognised by its fingerprint,
// which this module computes as CloudStack does. Lost answers: register looks for a key pair of that name with
// the sent key's fingerprint; delete re-reads and treats 404 as done. Either is sent at most once more.

import { createHash } from "node:crypto";
import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions, readOrUndefined } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, requestShape, required } from "../../client/requestShape";
import { type SshKeyPair, SshKeyPairSchema } from "./records";

export const registerSshKeyPairRequest = requestShape({
  name: required<string>(),
  /** An OpenSSH public key line: "<type> <base64> [comment]". */
  publicKey: required<string>(),
});
export type RegisterSshKeyPairInput = InputOf<typeof registerSshKeyPairRequest>;

/** The key types the platform accepts (CloudStack's SSHKeysHelper). */
export const SSH_KEY_TYPES = [
  "ssh-rsa",
  "ssh-dss",
  "ecdsa-sha2-nistp256",
  "ecdsa-sha2-nistp384",
  "ecdsa-sha2-nistp521",
  "ssh-ed25519",
] as const;

/** CloudStack's length of the `publickey` parameter. */
export const PUBLIC_KEY_MAX = 5120;

const PRIVATE = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----|PuTTY-User-Key-File/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export type ParsedPublicKey =
  | { ok: true; type: string; blob: Buffer; line: string }
  | { ok: false; problem: string; privateKey?: true };

/**
 * An OpenSSH public key line, read as the platform reads it (a line without a space is a base64-encoded key
 * line), and checked a little further: the key data must be base64 whose first field names the same type.
 */
export function parsePublicKey(text: string): ParsedPublicKey {
  if (PRIVATE.test(text)) {
    return {
      ok: false,
      privateKey: true,
      problem:
        "is a private key: give the public key (the .pub file, e.g. ssh-ed25519 AAAA… you@host); the private key must never pass through the program or its state",
    };
  }
  let line = text.trim();
  if (line !== "" && !/\s/.test(line) && BASE64.test(line)) {
    const decoded = Buffer.from(line, "base64").toString("utf8").trim();
    if (/\s/.test(decoded)) line = decoded;
  }
  const [type, data] = line.split(/\s+/);
  if (!(SSH_KEY_TYPES as readonly string[]).includes(type) || !data) {
    return {
      ok: false,
      problem: `must be an OpenSSH public key line "<type> <base64 key> [comment]" with a type of ${SSH_KEY_TYPES.join(", ")}`,
    };
  }
  const blob = BASE64.test(data) && data.length % 4 === 0 ? Buffer.from(data, "base64") : undefined;
  const inner = blob && blob.length >= 4 ? blob.subarray(4, 4 + blob.readUInt32BE(0)).toString("latin1") : "";
  if (!blob || inner !== type) {
    return {
      ok: false,
      problem: `has key data that is not a ${type} key (the text after the type must be the base64 key as ssh-keygen writes it; was it cut short?)`,
    };
  }
  return { ok: true, type, blob, line };
}

/**
 * The platform's fingerprint of a public key (CloudStack's SSHKeysHelper.getPublicKeyFingerprint): MD5 of the
 * decoded key blob as lower-case hex pairs joined by ":", what `ssh-keygen -l -E md5` prints. Undefined when
 * the text is not a public key.
 */
export function publicKeyFingerprint(publicKey: string): string | undefined {
  const key = parsePublicKey(publicKey);
  if (!key.ok) return undefined;
  return createHash("md5")
    .update(key.blob)
    .digest("hex")
    .replace(/(..)(?!$)/g, "$1:");
}

export class SshKeyPairs extends Family {
  async get(id: string, o?: CallOptions): Promise<SshKeyPair> {
    return this.core.get(apiPath`/ssh-keypairs/${id}`, SshKeyPairSchema, undefined, o);
  }

  /** Key pairs of the region, optionally those of one name or fingerprint. */
  list(o?: ListOptions & { name?: string; fingerprint?: string }): Paginator<SshKeyPair> {
    return new Paginator(this.core, {
      path: apiPath`/ssh-keypairs`,
      query: { name: o?.name, fingerprint: o?.fingerprint },
      key: "sshkeypairs",
      item: SshKeyPairSchema,
      options: o,
    });
  }

  async listAll(o?: ListOptions): Promise<ListResult<SshKeyPair>> {
    return this.list(o).all();
  }

  /** The key pair of that name in the region, if any. */
  async named(name: string, o?: CallOptions): Promise<SshKeyPair | undefined> {
    return (await this.list({ ...o, name }).all()).items.find((k) => k.name === name);
  }

  /** Registers a public key under a name (synchronous). */
  async register(input: RegisterSshKeyPairInput, o?: CallOptions): Promise<AcceptedMutation> {
    const body = registerSshKeyPairRequest.pick(input);
    const fingerprint = publicKeyFingerprint(input.publicKey);
    return this.synchronous("POST", apiPath`/ssh-keypairs`, body, o, async () => {
      const found = await this.named(input.name, o);
      return found && found.fingerprint === fingerprint ? found.id : undefined;
    });
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.synchronous("DELETE", apiPath`/ssh-keypairs/${id}`, undefined, o, async () =>
      (await readOrUndefined(() => this.get(id, o))) === undefined ? id : undefined,
    );
  }
}

export type * from "./records";
