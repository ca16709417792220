// cim.SshKeyPair: a public key registered under a name, for instances' `sshKeyNames`. Only the public key is
// given: the private key stays where it was made and never passes through the program or its state (check
// refuses one). Synchronous in the API, no in-place change: another key under the same name is a delete and a
// register, which leaves the instances deployed with the old key as they are (changeNotice). The API never
// returns the public key, only its fingerprint (CloudStack's MD5 of the key blob), so the key is compared by
// fingerprint: in diff (a key re-registered behind the program's back shows after refresh), when adopting, and
// when verifying a create.

import { z } from "zod";
import { PUBLIC_KEY_MAX, parsePublicKey, publicKeyFingerprint, type SshKeyPair } from "../../client";
import { commonFields, field, nameField, output, recordCalls, uniqueName } from "../../kinds/common";
import { defineKind, type Recorded } from "../../kinds/define";
import { examples, exported, outputOf, templateInstance } from "../../kinds/examples";
import { containsUnknown } from "../../lifecycle/values";

/** An OpenSSH public key line; its comment and surrounding space are not part of the key. */
const publicKey = z
  .string({
    error: (i) =>
      i.input === undefined
        ? 'is required: the public key line, e.g. fs.readFileSync("id_ed25519.pub", "utf8")'
        : "must be a string: the public key line",
  })
  .trim()
  .max(PUBLIC_KEY_MAX, `must be at most ${PUBLIC_KEY_MAX} characters (the API's limit)`)
  .superRefine((s, ctx) => {
    const key = parsePublicKey(s);
    // a private key given by mistake: refused without the engine printing it
    if (!key.ok)
      ctx.addIssue({ code: "custom", message: key.problem, params: key.privateKey ? { conceal: true } : {} });
  });

/** The same key: the fingerprint of the program's key against a recorded or live fingerprint. */
const sameKey = (key: unknown, fingerprint: unknown) =>
  typeof key === "string" && fingerprint !== undefined && publicKeyFingerprint(key) === fingerprint;

export const sshKeyPair = defineKind({
  name: "SshKeyPair",
  noun: "SSH key pair",
  summary:
    "A public key registered under a name, for instances' sshKeyNames (the private key never passes through).",
  ...examples(
    ["zoneId", "templateId", "serviceOfferingId"],
    [
      // by hand: a file read, TypeScript's and YAML's own
      {
        ts: `import * as fs from "node:fs";
const ops = new cim.SshKeyPair("ops", { publicKey: fs.readFileSync("keys/ops.pub", "utf8") });`,
        yaml: {
          resources: `
ops:
  type: cim:index:SshKeyPair
  properties:
    publicKey:
      fn::readFile: keys/ops.pub
`,
        },
      },
      templateInstance("web", { sshKeyNames: [outputOf("ops.name")] }),
      exported("opsFingerprint", "ops.fingerprint"),
    ],
  ),
  createVerb: "register",
  nameFromResource: true,
  fields: {
    ...commonFields,
    name: {
      ...nameField("key pair", "replace"),
      doc: "The key pair's name, unique in the account and region (default: the resource name); instances name it in `sshKeyNames`.",
    },
    publicKey: field(publicKey.optional(), {
      doc: "The public key line (`ssh-ed25519 AAAA… you@host`, the .pub file), never the private key. Compared by fingerprint, so its comment may change freely. Another key under the same name (a rotation) deletes the key pair and registers the new key; instances deployed with it are not replaced and keep the old key (the platform copied it in at deploy).",
      change: "replace",
      requiredUnlessAdopting: "the public key line",
      same: sameKey,
      old: (o) =>
        o.fingerprint ?? (typeof o.publicKey === "string" ? publicKeyFingerprint(o.publicKey) : undefined),
      // The API shows only the fingerprint: what adoption and create compare the program's key with.
      live: (k: SshKeyPair) => k.fingerprint,
      output: (_k: SshKeyPair, rec: Recorded) => rec.publicKey as string | undefined,
    }),
  },
  outputs: {
    fingerprint: output(
      "The API's fingerprint of the key: MD5 of the key blob, as `ssh-keygen -l -E md5` prints it.",
      z.string(),
    ),
  },
  // The API refuses a second key pair of the same name, and a second one with the same key: a replacement
  // that keeps either deletes first.
  exclusive: [
    // adopting takes only a key pair holding the program's key: one registered outside with another key under
    // this name is a stray, which only its deletion frees
    uniqueName(
      "SSH key pair",
      "key pair names are unique per account in a region",
      [],
      "choose another name, adopt that key pair with adoptId if it holds this publicKey, or delete it first if it is a stray (DELETE /api/v1/ssh-keypairs/{id}, with the id above)",
    ),
    {
      property: "publicKey",
      needs: ["publicKey"],
      claimed: (i) => (typeof i.publicKey === "string" ? publicKeyFingerprint(i.publicKey) : undefined),
      held: (r: SshKeyPair) => r.fingerprint,
      // two texts of one key (another comment) are the same key
      shown: (fingerprint) => `the key with fingerprint ${fingerprint}`,
      reason: (_i, r: SshKeyPair) =>
        `publicKey is registered already: SSH key pair ${JSON.stringify(r.name)} (${r.id}) has the same key (fingerprint ${r.fingerprint}), and a key is registered once per account in a region (the API refuses a second)`,
      otherwise: "give instances that key pair's name, or adopt it with adoptId",
    },
  ],
  deleteBeforeReplace: (olds, news) =>
    (containsUnknown(news.name) ||
      containsUnknown(news.publicKey) ||
      news.name === olds.name ||
      sameKey(news.publicKey, olds.fingerprint)) &&
    "the new one may keep the name or the key, each registered once per account in a region",
  // A rotation (another key, the same name): the platform copied the key into each instance and cluster node at
  // its deploy (CloudStack keeps it in the VM's details; deleting a key pair touches no VM), and the API offers no
  // reset of an instance's key. So the engine replaces only the key pair (lifecycle/namesKept.ts: the instances'
  // sshKeyNames come back the same), and what that leaves behind is said here.
  changeNotice: (olds, news, replaces) => {
    const [was, now] = [olds.fingerprint, publicKeyFingerprint(String(news.publicKey))];
    if (!replaces.includes("publicKey") || news.name !== olds.name || !was || !now || was === now) return;
    return `publicKey changes under the same name: the key pair is deleted and registered again (fingerprint ${String(was)} → ${now}). Instances deployed with it, and Kubernetes clusters' nodes, are not replaced and keep the old key (the platform copied it in at deploy, and the API cannot give a running instance another). To give one the new key, add it to the machine's authorized keys yourself, or replace it: pulumi up --replace <its URN>`;
  },
  api: {
    ...recordCalls((c) => c.sshKeyPairs),
    create: (s, i) =>
      s.client.sshKeyPairs.register(
        { name: i.name ?? "", publicKey: i.publicKey ?? "" },
        { region: s.region },
      ),
  },
  importer: { order: 5, prefix: "sshKey", unreported: ["publicKey"] },
});
