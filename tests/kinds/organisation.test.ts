// cim.Comment, cim.MultiRegionGroup, cim.MultiRegionGroupVpc and cim.Project in-process against the emulator:
// each kind's row of the lifecycle table, comments on their targets, multi-region groups and their members.
// Shared setup: ./world.ts.
import { describe, expect, it } from "vitest";
import { PLAIN_REFERENCES } from "../../provider/kinds/define";
import { captureWarnings } from "../../provider/lifecycle/engineLog";
import { aclVpc, apiVolume, clusterInputs, secondaryRegion, vpcIn } from "./parts";
import {
  type Case,
  call,
  cat,
  change,
  ctl,
  describeCases,
  describeOutputsParsed,
  emu,
  job,
  make,
  nameOf,
  OTHER_ID,
  p,
  type Rec,
  token,
  useEmulator,
} from "./world";

const cases: Case[] = [
  {
    // A volume's comment (the one kind of comment the API deletes). Visibility, its in-place field, is tested in
    // "comments" below; here timeouts are the in-place (state only) change.
    kind: "Comment",
    inputs: async () => ({ volumeId: await apiVolume(), text: `note ${nameOf("c")}` }),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({ news: { ...o, text: `${o.text} (edited)` }, field: "text" }),
    bad: (i) => ({ news: { ...i, text: "x".repeat(256) }, field: "text" }),
    path: (id) => `/volumes/annotations/${id}`,
  },
  {
    kind: "MultiRegionGroup",
    inputs: () => ({ name: nameOf("mesh"), description: "both sites" }),
    inPlace: (o) => ({
      news: { ...o, name: `${o.name}-r`, description: "changed" },
      expect: { name: `${o.name}-r`, description: "changed" },
    }),
    replace: (o) => ({ news: { ...o, region: secondaryRegion() }, field: "region" }),
    bad: (i) => ({ news: { ...i, name: "x".repeat(300) }, field: "name" }),
    path: (id) => `/multi-regions/${id}`,
  },
  {
    // A group of the primary region and a VPC of the other one: the member's region is the group's,
    // vpcRegion the VPC's. Nothing changes in place through the API: timeouts are the in-place change.
    kind: "MultiRegionGroupVpc",
    inputs: async () => ({
      groupId: (await call("POST", "/multi-regions", { name: nameOf("grp") })).id,
      vpcId: await vpcIn(secondaryRegion()),
      vpcRegion: secondaryRegion(),
    }),
    inPlace: (o) => ({ news: { ...o, timeouts: { delete: "5m" } }, expect: { timeouts: { delete: "5m" } } }),
    replace: (o) => ({
      news: { ...o, vpcRegion: emu.regions.find((r) => r.primary)!.id },
      field: "vpcRegion",
    }),
    bad: (i) => ({ news: { ...i, vpcRegion: "nl-ams-1" }, field: "vpcRegion" }),
    createRoute: "/api/v1/multi-regions/{id}/vpcs",
    path: (id) => `/multi-regions/members/${id}`,
  },
  {
    kind: "Project",
    inputs: () => ({ name: nameOf("proj"), displayText: "the shop" }),
    inPlace: (o) => ({
      news: { ...o, name: `${o.name}-r`, displayText: "changed" },
      expect: { name: `${o.name}-r`, displayText: "changed" },
    }),
    replace: (o) => ({ news: { ...o, region: secondaryRegion() }, field: "region" }),
    bad: (i) => ({ news: { ...i, displayText: "" }, field: "displayText" }),
    path: (id) => `/projects/${id}`,
  },
];

useEmulator();
describeCases(cases);

describe("comments", () => {
  it("visibility changes in place with a user's token, and an admins-only comment reads back (whole-account)", async () => {
    expect(process.env.CIM_TOKEN).toBe(token); // a user's token: no service:admin
    const inputs = { networkId: cat.net, text: "for the on-call team" };
    const marked = await p("Comment").check!({}, { ...inputs, adminsOnly: true });
    expect(marked.failures ?? []).toEqual([]);
    const { id, outs } = await make("Comment", inputs);
    expect(outs).toMatchObject({ adminsOnly: false, username: "user-1", text: inputs.text });
    const back = await p("Comment").check!(outs, { ...inputs, adminsOnly: true });
    expect(back.failures ?? []).toEqual([]);
    const upd = await change("Comment", id, outs, { ...inputs, adminsOnly: true });
    expect(upd.diff).toMatchObject({ changes: true, replaces: [] });
    const { outs: flagged } = await upd.run();
    expect(flagged.adminsOnly).toBe(true);
    const listed = await call("GET", `/networks/${cat.net}/annotations`);
    expect(listed.find((c: Rec) => c.id === id)).toMatchObject({ adminsOnly: true });
    expect((await p("Comment").read!(id, flagged)).props).toMatchObject({ adminsOnly: true });
    const again = await change("Comment", id, flagged, { ...inputs, adminsOnly: false });
    expect((await again.run()).outs.adminsOnly).toBe(false);
  });

  it("a comment the API cannot delete leaves the stack, stays in the cloud, and a warning says so", async () => {
    const warnings: string[] = [];
    captureWarnings((m) => warnings.push(m));
    try {
      const vpc = await aclVpc();
      const ip = await call("POST", "/public-ips", { networkId: cat.net });
      await job(ip);
      const cluster = await call("POST", "/compute/kubernetes/clusters", {
        ...clusterInputs(),
        tags: undefined,
      });
      await job(cluster);
      const targets: [string, string, string, string][] = [
        ["networkId", cat.net, "networks", "network"],
        ["publicIpId", ip.id, "public-ips", "public IP"],
        ["vpcId", vpc, "vpcs", "VPC"],
        ["kubernetesClusterId", cluster.id, "compute/kubernetes/clusters", "Kubernetes cluster"],
      ];
      for (const [field, target, collection, noun] of targets) {
        const { id, outs } = await make("Comment", { [field]: target, text: "kept" });
        expect((await call("GET", `/${collection}/${target}`)).hasAnnotations, noun).toBe(true);
        // a text change replaces: the engine makes the new comment, then deletes the old one
        expect((await change("Comment", id, outs, { [field]: target, text: "new" })).diff.replaces).toEqual([
          "text",
        ]);
        await p("Comment").delete!(id, outs);
        expect(warnings.pop()).toMatch(
          new RegExp(
            `^cim:Comment "on ${noun} .+" \\(id ${id}\\) in region .+: removed from the stack but kept in the cloud: the API cannot delete a comment on a ${noun} \\(only comments on volumes can be deleted\\)\\. It stays on ${noun} ${target} and goes when the ${noun} does \\(the platform deletes a resource's comments with it\\)\\.$`,
          ),
        );
        expect((await call("GET", `/${collection}/annotations/${id}`)).annotation).toBe("kept");
      }
      // a volume's comment is deleted, without a warning
      const vol = await make("Comment", { volumeId: await apiVolume(), text: "goes" });
      await p("Comment").delete!(vol.id, vol.outs);
      expect(warnings).toEqual([]);
      await expect(call("GET", `/volumes/annotations/${vol.id}`)).rejects.toThrow(/404/);
    } finally {
      captureWarnings();
    }
  });

  it("check: exactly one target, and a plain id must name a resource of the region", async () => {
    const both = await p("Comment").check!({}, { volumeId: OTHER_ID, networkId: cat.net, text: "x" });
    expect(both.failures?.map((f) => f.property)).toEqual(["networkId"]);
    const missing = await p("Comment").check!(
      {},
      { networkId: OTHER_ID, text: "x", [PLAIN_REFERENCES]: ["networkId"] },
    );
    expect(missing.failures).toEqual([
      expect.objectContaining({ property: "networkId", reason: expect.stringContaining(OTHER_ID) }),
    ]);
  });
});

describe("multi-region groups: a member's VPC is looked up in its own region; the ceiling is said plainly", () => {
  it("check finds a plain vpcId in vpcRegion, and names the region where it is not", async () => {
    const groupId = (await call("POST", "/multi-regions", { name: nameOf("grp") })).id;
    const vpcId = await vpcIn(secondaryRegion());
    const plain = { [PLAIN_REFERENCES]: ["groupId", "vpcId"] };
    const there = await p("MultiRegionGroupVpc").check!(
      {},
      { groupId, vpcId, vpcRegion: secondaryRegion(), ...plain },
    );
    expect(there.failures ?? []).toEqual([]);
    // left out, vpcRegion is the member's own region (the primary one here), where the VPC is not
    const here = await p("MultiRegionGroupVpc").check!({}, { groupId, vpcId, ...plain });
    expect(here.failures).toEqual([
      expect.objectContaining({ property: "vpcId", reason: expect.stringMatching(/names no VPC with id/) }),
    ]);
    // the group is looked up in the member's region: a member routed to the other region does not find it
    const away = await p("MultiRegionGroupVpc").check!(
      {},
      { groupId, vpcId, vpcRegion: secondaryRegion(), region: secondaryRegion(), ...plain },
    );
    expect(away.failures).toEqual([
      expect.objectContaining({
        property: "groupId",
        reason: expect.stringMatching(
          new RegExp(
            `names no multi-region group with id "${groupId}" in region \\S+ \\(${secondaryRegion()}\\)`,
          ),
        ),
      }),
    ]);
  });

  it("a group create past maxMultiRegions fails naming the allowance and the quota route", async () => {
    const { currentMultiRegions } = await call("GET", "/multi-regions/quota");
    await ctl.limits({ maxMultiRegions: currentMultiRegions });
    try {
      const err: unknown = await make("MultiRegionGroup", { name: nameOf("full") }).catch((e: Error) => e);
      expect(String((err as Error)?.message)).toMatch(
        new RegExp(
          `cim:MultiRegionGroup "full-\\d+" in region .*: create failed: the account has ${currentMultiRegions} of ${currentMultiRegions} multi-region groups in use \\(maxMultiRegions, GET /api/v1/multi-regions/quota\\)`,
        ),
      );
    } finally {
      await ctl.limits({ maxMultiRegions: 100 });
    }
  });
});

describeOutputsParsed("organisation", cases);
