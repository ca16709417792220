// The SSH key pair family of the client: reading a public key line and computing the platform's fingerprint
// (checked against ssh-keygen), and the calls against the emulator, lost answers included: a dropped register
// is recognised by name and fingerprint and never sent twice; a dropped register that did not land is sent again.
import { describe, expect, it } from "vitest";
import {
  BadRequestError,
  type CimClient,
  ConflictError,
  NotFoundError,
  parsePublicKey,
  publicKeyFingerprint,
  SSH_KEY_TYPES,
} from "../../provider/client";
import {
  ECDSA,
  ECDSA_MD5,
  ED25519,
  ED25519_B,
  ED25519_B_MD5,
  ED25519_MD5,
  PRIVATE_KEY_SHAPE,
  RSA,
  RSA_MD5,
} from "../fixtures/sshKeys";
import { dropNextAnswer, useHarness } from "./emulatorHarness";

describe("public key lines", () => {
  it("fingerprints are the platform's: MD5 of the key blob, as ssh-keygen -E md5 prints them", () => {
    expect(publicKeyFingerprint(ED25519)).toBe(ED25519_MD5);
    expect(publicKeyFingerprint(ED25519_B)).toBe(ED25519_B_MD5);
    expect(publicKeyFingerprint(RSA)).toBe(RSA_MD5);
    expect(publicKeyFingerprint(ECDSA)).toBe(ECDSA_MD5);
  });

  it("the comment and surrounding space are not part of the key; a base64-encoded line is read too", () => {
    expect(publicKeyFingerprint(`  ${ED25519.replace("ops@example", "")}\n`)).toBe(ED25519_MD5);
    expect(publicKeyFingerprint(Buffer.from(ED25519).toString("base64"))).toBe(ED25519_MD5);
  });

  it("refuses a private key, an unknown type, missing or cut key data, and says which", () => {
    const problem = (s: string) => {
      const r = parsePublicKey(s);
      return r.ok ? "" : r.problem;
    };
    expect(problem(PRIVATE_KEY_SHAPE)).toMatch(/is a private key: give the public key/);
    expect(problem("ssh-foo AAAAC3NzaC1lZDI1NTE5")).toMatch(/must be an OpenSSH public key line/);
    expect(problem("ssh-ed25519")).toMatch(/must be an OpenSSH public key line/);
    expect(problem("ssh-ed25519 not-base64!")).toMatch(/not a ssh-ed25519 key/);
    // an RSA blob announced as ed25519, and a line cut short
    expect(problem(`ssh-ed25519 ${RSA.split(" ")[1]}`)).toMatch(/not a ssh-ed25519 key/);
    expect(problem(ED25519.slice(0, 30))).toMatch(/not a ssh-ed25519 key/);
    expect(publicKeyFingerprint("not a key")).toBeUndefined();
  });
});

describe("sshKeyPairs against the emulator", () => {
  let client: CimClient;
  const t = useHarness((c) => {
    client = c;
  });
  const { hits } = t;

  it("register (synchronous), get, list, named, delete; 404 after", async () => {
    const made = await client.sshKeyPairs.register({ name: "ops", publicKey: ED25519 });
    expect(made).toMatchObject({ jobId: undefined, region: t.h.primary });
    expect(await client.jobs.wait(made)).toBeUndefined(); // no job to wait for
    const key = await client.sshKeyPairs.get(made.id!);
    expect(key).toMatchObject({ id: made.id, name: "ops", fingerprint: ED25519_MD5 });
    await client.sshKeyPairs.register({ name: "deploy", publicKey: ED25519_B });
    expect((await client.sshKeyPairs.listAll()).items.map((k) => k.name)).toEqual(["ops", "deploy"]);
    expect((await client.sshKeyPairs.named("deploy"))?.fingerprint).toBe(ED25519_B_MD5);
    expect(await client.sshKeyPairs.named("nobody")).toBeUndefined();
    expect((await client.sshKeyPairs.listAll({ region: t.h.secondary })).items).toEqual([]);
    await client.sshKeyPairs.delete(made.id!);
    await expect(client.sshKeyPairs.get(made.id!)).rejects.toBeInstanceOf(NotFoundError);
    await expect(client.sshKeyPairs.delete(made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refusals keep their type: a taken name is a ConflictError, a malformed key a BadRequestError", async () => {
    await client.sshKeyPairs.register({ name: "ops", publicKey: ED25519 });
    const taken = await client.sshKeyPairs.register({ name: "ops", publicKey: RSA }).catch((e) => e);
    expect(taken).toBeInstanceOf(ConflictError);
    expect(taken.message).toContain("A key pair with name 'ops' already exists");
    const bad = await client.sshKeyPairs.register({ name: "x", publicKey: "nope" }).catch((e) => e);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect(bad.message).toContain("Public key is invalid");
  });

  it("the emulator takes a key of every type the client reads, and refuses one of a type neither knows", async () => {
    // the emulator and the client each keep the platform's list of key types (the two trees stay apart)
    const keyOf = (type: string) => {
      const name = Buffer.from(type, "latin1");
      const len = Buffer.alloc(4);
      len.writeUInt32BE(name.length);
      return `${type} ${Buffer.concat([len, name, Buffer.alloc(36, 7)]).toString("base64")}`;
    };
    for (const [i, type] of SSH_KEY_TYPES.entries()) {
      const line = keyOf(type);
      expect(parsePublicKey(line).ok, type).toBe(true);
      const made = await client.sshKeyPairs.register({ name: `k${i}`, publicKey: line });
      expect((await client.sshKeyPairs.get(made.id!)).fingerprint, type).toBe(publicKeyFingerprint(line));
    }
    const unknown = await client.sshKeyPairs
      .register({ name: "x", publicKey: keyOf("ssh-foo") })
      .catch((e) => e);
    expect(unknown).toBeInstanceOf(BadRequestError);
    expect(unknown.message).toContain("Public key is invalid");
  });

  it("a register whose answer was lost after it landed is recognised, not sent again", async () => {
    await t.h.control.fault({ method: "POST", route: "/ssh-keypairs", action: "drop-after", times: 1 });
    const made = await client.sshKeyPairs.register({ name: "ops", publicKey: ED25519 });
    expect(await hits("POST /api/v1/ssh-keypairs")).toBe(1);
    expect((await client.sshKeyPairs.listAll()).items.map((k) => k.id)).toEqual([made.id]);
  });

  it("a register lost before it landed is sent once more; a same-named key with another fingerprint is not ours", async () => {
    await t.h.control.fault({ method: "POST", route: "/ssh-keypairs", action: "drop-before", times: 1 });
    const made = await client.sshKeyPairs.register({ name: "ops", publicKey: ED25519 });
    expect(await hits("POST /api/v1/ssh-keypairs")).toBe(2);
    expect((await client.sshKeyPairs.get(made.id!)).name).toBe("ops");
    // someone else's "deploy" holds another key: the lost register is not taken for landed, and its retry
    // meets the API's refusal
    await client.sshKeyPairs.register({ name: "deploy", publicKey: RSA });
    await t.h.control.fault({ method: "POST", route: "/ssh-keypairs", action: "drop-before", times: 1 });
    const clash = await client.sshKeyPairs.register({ name: "deploy", publicKey: ED25519_B }).catch((e) => e);
    expect(clash).toBeInstanceOf(ConflictError);
  });

  it("a delete whose answer was lost is done when the key pair is gone", async () => {
    const made = await client.sshKeyPairs.register({ name: "ops", publicKey: ED25519 });
    await t.h.control.resetRequests();
    await dropNextAnswer(t.h.control, "DELETE", "/ssh-keypairs/{id}");
    expect(await client.sshKeyPairs.delete(made.id!)).toMatchObject({ id: made.id });
    expect(await hits("DELETE /api/v1/ssh-keypairs/{id}")).toBe(1);
  });
});
