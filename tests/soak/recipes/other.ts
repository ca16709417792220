// Recipes of the kinds that stand alone or on another kind's resource: key pairs, groups, projects, multi-region
// groups and their VPCs, comments, templates and ISOs, template permissions, tag sets.
import { type Ctx, type Recipe, ref } from "../model";

/** An ed25519 public key line of 32 drawn bytes (the platform keeps one pair per key: each is new). */
export function publicKey(ctx: Ctx): string {
  const type = Buffer.from("ssh-ed25519");
  const key = Buffer.from(Array.from({ length: 32 }, () => ctx.rng.int(0, 255)));
  const len = (b: Buffer) => Buffer.from([0, 0, 0, b.length]);
  return `ssh-ed25519 ${Buffer.concat([len(type), type, len(key), key]).toString("base64")} soak@${ctx.rng.word()}`;
}

export const named = (
  kind: "SshKeyPair" | "InstanceGroup" | "Project" | "MultiRegionGroup",
  prefix: string,
): Recipe => ({
  kind,
  weight: 1,
  parents: [],
  create: (ctx) => ({
    inputs: {
      name: `${prefix}-${ctx.fresh()}`,
      ...(kind === "SshKeyPair" ? { publicKey: publicKey(ctx) } : {}),
      ...(kind === "Project" ? { displayText: `soak ${ctx.rng.word()}` } : {}),
      ...(kind === "MultiRegionGroup" ? { description: `soak ${ctx.rng.word()}` } : {}),
    },
  }),
  vary: {
    name: (ctx) => ({ name: `${prefix}-${ctx.fresh()}` }),
    // a key rotation: replaced under the same name, which the instances naming it keep (they are not replaced)
    ...(kind === "SshKeyPair" ? { publicKey: (ctx: Ctx) => ({ publicKey: publicKey(ctx) }) } : {}),
    ...(kind === "Project" ? { displayText: (ctx: Ctx) => ({ displayText: `soak ${ctx.rng.word()}` }) } : {}),
    ...(kind === "MultiRegionGroup"
      ? { description: (ctx: Ctx) => ({ description: `soak ${ctx.rng.word()}` }) }
      : {}),
  },
});

export const groupVpc: Recipe = {
  kind: "MultiRegionGroupVpc",
  weight: 1,
  parents: ["MultiRegionGroup", "Vpc"],
  create(ctx) {
    // a group holds one VPC per region (every VPC of the soak is in the default region), and a VPC is in
    // one group at most
    // (counting members the round removes: they leave only after every create)
    const [groups, vpcs] = [
      ctx.heldNowOrBefore("MultiRegionGroupVpc", "groupId"),
      ctx.heldNowOrBefore("MultiRegionGroupVpc", "vpcId"),
    ];
    const g = ctx.pickOr(ctx.of("MultiRegionGroup", (x) => !groups.has(x.name)));
    const v = ctx.pickOr(ctx.of("Vpc", (x) => !vpcs.has(x.name)));
    if (g && v) return { inputs: { groupId: ref(g), vpcId: ref(v) } };
    return undefined;
  },
  vary: {},
};

export const comment: Recipe = {
  kind: "Comment",
  weight: 1,
  parents: ["Vpc"],
  create(ctx) {
    const on = ctx.rng.pick(["Vpc", "Volume", "Network", "PublicIp"] as const);
    const target = ctx.pickOr(ctx.of(on));
    if (!target) return undefined;
    const field = { Vpc: "vpcId", Volume: "volumeId", Network: "networkId", PublicIp: "publicIpId" }[on];
    return { inputs: { [field]: ref(target), text: `soak note ${ctx.rng.word(8)}` } };
  },
  vary: { text: (ctx) => ({ text: `soak note ${ctx.rng.word(8)}` }) },
};

/** A registered image (template or ISO): downloaded by a job from an address of the documentation range. */
export const image = (kind: "Template" | "Iso"): Recipe => ({
  kind,
  weight: 0.8,
  parents: [],
  create(ctx) {
    const n = ctx.fresh();
    const common = {
      name: `${kind.toLowerCase()}-${n}`,
      displayText: `soak ${ctx.rng.word()}`,
      zoneId: ctx.ids.zoneId,
      osTypeId: ctx.ids.osTypeId,
    };
    return kind === "Template"
      ? {
          inputs: {
            ...common,
            url: `https://images.example.com/soak-${n}.qcow2`,
            format: "QCOW2",
            hypervisor: "KVM",
          },
        }
      : { inputs: { ...common, url: `https://images.example.com/soak-${n}.iso` } };
  },
  vary: {
    displayText: (ctx) => ({ displayText: `soak ${ctx.rng.word()}` }),
    name: (ctx) => ({ name: `${kind.toLowerCase()}-${ctx.fresh()}` }),
    url: (ctx) => ({
      url: `https://images.example.com/soak-${ctx.fresh()}.${kind === "Template" ? "qcow2" : "iso"}`,
    }),
  },
});

/** Templates no TemplatePermissions or Tags of the program manages yet. */
export const freeTemplates = (ctx: Ctx, kind: "TemplatePermissions" | "Tags") => {
  const field = kind === "Tags" ? "resourceId" : "templateId";
  const taken = ctx.heldNowOrBefore(kind, field);
  return ctx.of("Template", (t) => !taken.has(t.name));
};

export const templatePermissions: Recipe = {
  kind: "TemplatePermissions",
  weight: 0.6,
  parents: ["Template"],
  create(ctx) {
    const t = ctx.pickOr(freeTemplates(ctx, "TemplatePermissions"));
    return t ? { inputs: { templateId: ref(t), isExtractable: ctx.rng.chance(0.5) } } : undefined;
  },
  vary: { isExtractable: (_ctx, res) => ({ isExtractable: !res.inputs.isExtractable }) },
};

export const tagSet: Recipe = {
  kind: "Tags",
  weight: 0.6,
  parents: ["Template"],
  create(ctx) {
    const t = ctx.pickOr(freeTemplates(ctx, "Tags"));
    return t ? { inputs: { resourceType: "Template", resourceId: ref(t), tags: ctx.tags() } } : undefined;
  },
  vary: { tags: (ctx) => ({ tags: ctx.tags() }) },
};
