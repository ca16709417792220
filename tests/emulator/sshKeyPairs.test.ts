// SSH key pairs (not shown by the spec; CloudStack's registerSSHKeyPair / listSSHKeyPairs / deleteSSHKeyPair,
// emulator/README.md): register by name, CloudStack's fingerprint, names and keys unique per account and region,
// malformed keys refused, synchronous; instance create refuses a key name that is not registered.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ECDSA,
  ECDSA_MD5,
  ED25519,
  ED25519_B,
  ED25519_B_MD5,
  ED25519_MD5,
  RSA,
  RSA_MD5,
} from "../fixtures/sshKeys";
import { Api, type Catalogue, expectErrorBody, UUID } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => ({ api, c } = await Api.withCatalogue()));
afterAll(() => api.close());
beforeEach(() => api.control.reset());

const register = (name: string, publicKey: string, region?: string) =>
  api.post("/ssh-keypairs", { body: { name, publicKey }, region });

const keyList = async (query: Record<string, string> = {}, region?: string) =>
  (await api.ok("GET", "/ssh-keypairs", { query, region })).sshkeypairs as any[];

describe("SSH key pairs", () => {
  it("register is synchronous: {id} without jobId; the record shows name and fingerprint, not the key", async () => {
    const res = await register("ops", ED25519);
    expect(res.status).toBe(200);
    expect(res.body.jobId).toBeUndefined();
    expect(res.body.id).toMatch(UUID);
    const key = await api.ok("GET", `/ssh-keypairs/${res.body.id}`);
    expect(key).toMatchObject({ id: res.body.id, name: "ops", fingerprint: ED25519_MD5, account: "user-1" });
    expect(JSON.stringify(key)).not.toContain("AAAAC3NzaC1lZDI1NTE5");
  });

  it("the fingerprint is CloudStack's: MD5 of the decoded key blob, as ssh-keygen -E md5 shows it", async () => {
    for (const [name, pub, md5] of [
      ["rsa", RSA, RSA_MD5],
      ["ecdsa", ECDSA, ECDSA_MD5],
      ["b", ED25519_B, ED25519_B_MD5],
    ]) {
      const { id } = await api.ok("POST", "/ssh-keypairs", { body: { name, publicKey: pub } });
      expect((await api.ok("GET", `/ssh-keypairs/${id}`)).fingerprint, name).toBe(md5);
    }
  });

  it("a whole key line sent base64-encoded is read as CloudStack reads it", async () => {
    const encoded = Buffer.from(ED25519).toString("base64");
    const { id } = await api.ok("POST", "/ssh-keypairs", { body: { name: "enc", publicKey: encoded } });
    expect((await api.ok("GET", `/ssh-keypairs/${id}`)).fingerprint).toBe(ED25519_MD5);
  });

  it("names are unique per account and region; so are keys (the comment is not part of the key)", async () => {
    await api.ok("POST", "/ssh-keypairs", { body: { name: "ops", publicKey: ED25519 } });
    const sameName = await register("ops", ED25519_B);
    expect(sameName.status).toBe(409);
    expect(sameName.body.message).toBe("A key pair with name 'ops' already exists for this account.");
    expect(expectErrorBody(sameName.body)).toBe(true);
    const sameKey = await register("ops-2", ED25519.replace("ops@example", "someone@else"));
    expect(sameKey.status).toBe(409);
    expect(sameKey.body.message).toMatch(/^A key pair with key 'ssh-ed25519 AAAA\S+' already exists/);
    expect(sameKey.body.detail).toContain("name=ops");
    // another region, another account: their own names
    expect((await register("ops", ED25519, api.secondary.id)).status).toBe(200);
    await api.control.user("user-2");
    const other = await api.post("/ssh-keypairs", {
      body: { name: "ops", publicKey: ED25519 },
      token: await api.emu.token({ sub: "user-2" }),
    });
    expect(other.status).toBe(200);
    expect((await keyList()).map((k) => k.name)).toEqual(["ops"]);
  });

  it("a malformed public key is refused with CloudStack's text, naming what is wrong", async () => {
    for (const bad of [
      "not a key",
      "ssh-foo AAAAC3NzaC1lZDI1NTE5",
      "ssh-ed25519",
      "ssh-ed25519 !!!notbase64!!!",
      "-----BEGIN OPENSSH PRIVATE KEY-----",
    ]) {
      const res = await register("bad", bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toBe("Public key is invalid");
      expect(res.body.detail, bad).not.toBe("");
    }
    expect(await keyList()).toEqual([]);
  });

  it("name and publicKey are required; name at most 255 characters (CloudStack's parameter length)", async () => {
    const noName = await register("", ED25519);
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain("'name'");
    const noKey = await api.post("/ssh-keypairs", { body: { name: "k" } });
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toContain("'publicKey'");
    const long = await register("n".repeat(256), ED25519);
    expect(long.status).toBe(400);
    expect(long.body.message).toBe("Value greater than max allowed length 255 for param: name");
    expect((await register("n".repeat(255), ED25519)).status).toBe(200);
  });

  it("list: pass-through envelope sshkeypairs, filters name, fingerprint and keyword", async () => {
    await api.ok("POST", "/ssh-keypairs", { body: { name: "ops", publicKey: ED25519 } });
    await api.ok("POST", "/ssh-keypairs", { body: { name: "deploy", publicKey: ED25519_B } });
    const all = await api.ok("GET", "/ssh-keypairs");
    expect(all).toMatchObject({ count: 2, totalElements: 2, page: 1, currentPage: 1 });
    expect(all.sshkeypairs.map((k: any) => k.name)).toEqual(["ops", "deploy"]);
    expect((await keyList({ name: "deploy" })).map((k) => k.fingerprint)).toEqual([ED25519_B_MD5]);
    expect((await keyList({ fingerprint: ED25519_MD5 })).map((k) => k.name)).toEqual(["ops"]);
    expect((await keyList({ keyword: "epl" })).map((k) => k.name)).toEqual(["deploy"]);
    expect(await keyList({}, api.secondary.id)).toEqual([]);
  });

  it("delete is synchronous; then reads and deletes answer 404; it is audited", async () => {
    const { id } = await api.ok("POST", "/ssh-keypairs", { body: { name: "gone", publicKey: ED25519 } });
    const del = await api.del(`/ssh-keypairs/${id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id });
    expect((await api.get(`/ssh-keypairs/${id}`)).status).toBe(404);
    const again = await api.del(`/ssh-keypairs/${id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toContain(`SSH key pair ${id} not found`);
    const rows = (await api.ok("GET", "/audit")).content.filter((r: any) => r.resourceId === id);
    expect(rows.map((r: any) => r.method).sort()).toEqual(["DELETE", "POST"]);
    expect(rows.every((r: any) => r.resourceType === "SshKeyPair")).toBe(true);
  });
});

describe("instances and key pairs", () => {
  const deploy = (extra: Record<string, unknown>) =>
    api.post("/compute/instances", {
      body: { zoneId: c.zone.id, templateId: c.template.id, serviceOfferingId: c.offering.id, ...extra },
    });

  it("a key name that is not registered is refused at create, as CloudStack refuses it; nothing is made", async () => {
    for (const extra of [{ sshKeyNames: ["missing"] }, { keyPair: "missing" }]) {
      const res = await deploy(extra);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Not all specified keypairs exist");
      expect(res.body.detail).toContain("'missing'");
    }
    expect((await api.ok("GET", "/compute/instances")).virtualmachines).toEqual([]);
    expect((await api.ok("GET", "/jobs/recent")).jobs).toEqual([]);
    // a key of another region is not this region's
    await api.ok("POST", "/ssh-keypairs", {
      region: api.secondary.id,
      body: { name: "there", publicKey: RSA },
    });
    expect((await deploy({ sshKeyNames: ["there"] })).status).toBe(400);
  });

  it("only the first name is used, so only the first must exist; a deleted key stays on the instance", async () => {
    const { id } = await api.ok("POST", "/ssh-keypairs", { body: { name: "first", publicKey: ED25519 } });
    const vm = await api.instance(c, { sshKeyNames: ["first", "never-registered"] });
    expect(vm.keyPair).toBe("first");
    await api.ok("DELETE", `/ssh-keypairs/${id}`);
    expect((await api.ok("GET", `/compute/instances/${vm.id}`)).keyPair).toBe("first");
  });
});
