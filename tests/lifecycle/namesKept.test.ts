// A reference by name not known yet, to a resource this run replaces under the same name (lifecycle/namesKept.ts),
// in-process on both adapters' diff, without the API. Before deleting a resource replaced delete-first, Pulumi's
// engine diffs each resource whose inputs take a value from it with those inputs unknown, and deletes first each
// one that diff replaces: a key rotation (the same name, another key) asked that of every instance naming the key.
// The key pair's diff comes first in the same process and notes that its replacement keeps the name, so the
// instance's diff then finds no change; a rename, another region, or no such replacement leaves the value unknown,
// which replaces, named field by field. Under two providers (two plugin processes), the key pair's process tells
// the instance's.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { providerFor } from "../../provider";
import { shareWithDeployment, stopSharing } from "../../provider/lifecycle/deploymentShared";
import { captureWarnings } from "../../provider/lifecycle/engineLog";
import { resetLookups } from "../../provider/lifecycle/lookups";
import { UNKNOWN } from "../../provider/lifecycle/values";
import { Adapter } from "../../provider/native/adapter";
import { fakeJwt } from "../client/helpers";
import { ED25519, ED25519_B, ED25519_B_MD5, ED25519_MD5 } from "../fixtures/sshKeys";

const K = provproto.PropertyDiff.Kind;
const { DIFF_NONE, DIFF_SOME } = provproto.DiffResponse.DiffChanges;
const adapter = new Adapter();
const REGION = "11111111-2222-3333-4444-555555555555";

/** The key pair "ops" as state records it (outputs) and as the program gives it (checked inputs). */
const keyOuts = { region: REGION, name: "ops", publicKey: ED25519, fingerprint: ED25519_MD5 };
const keyIns = { region: REGION, name: "ops", publicKey: ED25519 };
/** An instance deployed with the key pair "ops". */
const vmIns = { region: REGION, name: "web", zoneId: "z-1", templateId: "t-1", serviceOfferingId: "o-1" };
const vmOuts = { ...vmIns, sshKeyNames: ["ops"], state: "Running", tags: {} };

function diffReq(type: string, olds: object, news: object, oldInputs: object) {
  const r = new provproto.DiffRequest();
  r.setType(type);
  r.setId("id-1");
  r.setOlds(Struct.fromJavaScript(olds as any));
  r.setNews(Struct.fromJavaScript(news as any));
  r.setOldInputs(Struct.fromJavaScript(oldInputs as any));
  return r;
}

const detailed = (res: provproto.DiffResponse) => {
  const out: Record<string, number> = {};
  res.getDetaileddiffMap().forEach((d, k) => {
    out[k] = d.getKind();
  });
  return out;
};

/** The instance's diff with sshKeyNames unknown (the engine's dependent diff: its old inputs), `more` new. */
const instanceAsked = (sshKeyNames: unknown = UNKNOWN, more: object = {}) =>
  adapter.diff(
    diffReq(
      "cim:index:Instance",
      vmOuts,
      { ...vmIns, ...more, sshKeyNames },
      { ...vmIns, sshKeyNames: ["ops"] },
    ),
  );

/** The key pair's diff to `news`, as the engine asks it before it replaces the key pair. */
const keyDiff = (news: object) =>
  adapter.diff(diffReq("cim:index:SshKeyPair", keyOuts, { ...keyIns, ...news }, keyIns));

const warnings: string[] = [];
const saved = { ...process.env };
beforeEach(() => {
  // no request is made: the settings only have to be there
  process.env.CIM_BASE_URL = "http://127.0.0.1:9";
  process.env.CIM_TOKEN = fakeJwt();
  resetLookups();
  warnings.length = 0;
  captureWarnings((m) => warnings.push(m));
});
afterAll(() => {
  captureWarnings();
  process.env = saved;
});

describe("an instance naming a key pair by name, its name not known yet", () => {
  it("replaces, naming sshKeyNames, when no replacement of this run keeps the name", async () => {
    const res = await instanceAsked();
    expect(res.getChanges()).toBe(DIFF_SOME);
    expect(res.getReplacesList()).toEqual(["sshKeyNames"]);
    expect(detailed(res)).toEqual({ sshKeyNames: K.UPDATE_REPLACE });
  });

  it("is no change after the key pair's diff said it is replaced under the same name (a new key)", async () => {
    const key = await keyDiff({ publicKey: ED25519_B });
    expect(key.getReplacesList()).toEqual(["publicKey"]);
    expect(key.getDeletebeforereplace()).toBe(true);
    // the whole value unknown (what the engine's dependent diff sends), or its one name (a program's list)
    for (const sshKeyNames of [UNKNOWN, [UNKNOWN]]) {
      const res = await instanceAsked(sshKeyNames);
      expect(res.getChanges()).toBe(DIFF_NONE);
      expect(detailed(res)).toEqual({});
    }
    // the dynamic path's diff: no change either, so the engine keeps the instance
    const dynamic = await providerFor("Instance").diff!(
      "vm-1",
      vmOuts as any,
      {
        ...vmIns,
        sshKeyNames: UNKNOWN,
      } as any,
    );
    expect(dynamic).toMatchObject({ changes: false, replaces: [] });
    // a change of its own still shows beside it
    const labelled = await instanceAsked(UNKNOWN, { displayName: "web-2" });
    expect(detailed(labelled)).toEqual({ displayName: K.ADD });
  });

  it("still replaces when the key pair's replacement takes another name, or is in another region", async () => {
    await keyDiff({ name: "ops-2" }); // a rename with the same key: delete-first too
    expect((await instanceAsked()).getReplacesList()).toEqual(["sshKeyNames"]);
    resetLookups();
    await keyDiff({ publicKey: ED25519_B, region: "99999999-2222-3333-4444-555555555555" });
    expect((await instanceAsked()).getReplacesList()).toEqual(["sshKeyNames"]);
  });

  it("under another provider: the key pair's plugin process tells the instance's, as a digest of the name", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cim-kept-"));
    try {
      shareWithDeployment(dir, process.pid);
      await keyDiff({ publicKey: ED25519_B });
      // the instance's provider's process: nothing of the key pair's diff in memory
      shareWithDeployment(dir, process.pid);
      resetLookups();
      expect((await instanceAsked()).getChanges()).toBe(DIFF_NONE);
      const text = fs
        .readdirSync(dir)
        .map((f) => fs.readFileSync(path.join(dir, f), "utf8"))
        .join("");
      expect(text).not.toContain("ops");
      // a process of another deployment is not told
      shareWithDeployment(dir, 1);
      resetLookups();
      expect((await instanceAsked()).getReplacesList()).toEqual(["sshKeyNames"]);
    } finally {
      stopSharing();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a known new name replaces as before, kept name or not", async () => {
    await keyDiff({ publicKey: ED25519_B });
    const res = await instanceAsked(["other"]);
    expect(res.getReplacesList()).toEqual(["sshKeyNames"]);
    expect(detailed(res)).toEqual({ sshKeyNames: K.UPDATE_REPLACE });
  });

  it("a Kubernetes cluster's keyPair likewise", async () => {
    const cluster = { region: REGION, name: "k8s", zoneId: "z-1", controlNodes: 1, keyPair: "ops" };
    const asked = () =>
      adapter.diff(
        diffReq("cim:index:KubernetesCluster", cluster, { ...cluster, keyPair: UNKNOWN }, cluster),
      );
    expect((await asked()).getReplacesList()).toEqual(["keyPair"]);
    await keyDiff({ publicKey: ED25519_B });
    expect((await asked()).getChanges()).toBe(DIFF_NONE);
  });
});

describe("the key pair's rotation warns that instances keep the old key", () => {
  // beside the warning every replacement that deletes first gives (the name or the key kept)
  const rotations = () => warnings.filter((w) => !w.includes("this up deletes it first"));

  it("names both fingerprints and the way to give an instance the new key", async () => {
    await keyDiff({ publicKey: ED25519_B });
    expect(rotations()).toHaveLength(1);
    expect(rotations()[0]).toContain(`cim:SshKeyPair "ops" (id id-1): publicKey changes under the same name`);
    expect(rotations()[0]).toContain(`(fingerprint ${ED25519_MD5} → ${ED25519_B_MD5})`);
    expect(rotations()[0]).toMatch(/are not replaced and keep the old key .*pulumi up --replace <its URN>$/);
    expect(warnings).toContain(
      `cim:SshKeyPair "ops" (id id-1): this up deletes it first, then makes its replacement, since the new one may keep the name or the key, each registered once per account in a region: until the replacement is made, neither exists`,
    );
  });

  it("says nothing for a rename, a new comment, or a new name with a new key", async () => {
    await keyDiff({ name: "ops-2" });
    await keyDiff({ publicKey: `${ED25519.split(" ").slice(0, 2).join(" ")} renamed@host` });
    await keyDiff({ name: "ops-2", publicKey: ED25519_B });
    expect(rotations()).toEqual([]);
  });
});
