// Issue 14's done-when: examples/team-services registers a template and an SSH key pair, deploys an instance from
// them (the template's id output, the key's name output) with a data volume and its comment, a shared file system
// and comments on the tier and the VPC, puts a VPC of each of two regions in a multi-region group, and reads the
// audit trail of the run back as a stack output; a second preview shows no changes, sends no mutating request and
// leaves the trail as it was; destroy warns, naming each comment the API cannot delete, and leaves nothing of the
// program's in the emulator. Three CLI operations: up, preview, destroy.
import { beforeAll, describe, expect, it } from "vitest";
import { requireToolchain, sourceHome, stackRun } from "../harness";
import { exampleProgram, mine, mutating, uniqueStack, useApi } from "./support";

beforeAll(requireToolchain);
const emulator = useApi();

// The stack, the template, the key pair, 2 VPCs, the tier, the instance, its data volume, the file system,
// 3 comments, the multi-region group and its 2 memberships.
const RESOURCES = 15;

interface AuditLine {
  at: string;
  user: string;
  request: string;
  resource: string;
  resourceId: string;
}

/** What the CLI says of a comment on a `noun` the API cannot delete, dropped from the stack on destroy. */
const keptWarning = (noun: string, name: string, commentId: string, region: string, onId: string) =>
  `cim:Comment "on ${noun} ${name}" (id ${commentId}) in region de-fra-1 (${region}): removed from the stack but kept in the cloud: the API cannot delete a comment on a ${noun} (only comments on volumes can be deleted). It stays on ${noun} ${onId} and goes when the ${noun} does (the platform deletes a resource's comments with it).`;

describe("the team services example, from the source tree", () => {
  it("registers, deploys, comments, joins two regions, reads its audit trail, is stable, and destroys", async () => {
    const api = emulator();
    const home = sourceHome("team-services");
    const program = exampleProgram(home, "team-services");
    const stackName = uniqueStack("team-services");
    const run = await stackRun({ home, stackName, program, envVars: api.envVars });

    const [up] = await run([{ op: "up" }]);
    expect(up.summary).toEqual({ create: RESOURCES });
    const out = up.outputs as Record<string, any>;
    expect(out.templateState).toBe("Ready");
    expect(out.filesMount).toMatch(/^10\.30\.1\.\d+:\/mnt\/fs\/share$/);

    // What was made, as the emulator holds it: the instance from the template and the key, on the tier, its
    // data volume attached, the share on the tier, the comments on their resources, both regions' VPCs joined.
    let state = await api.control.state();
    const key = mine(state.sshKeyPairs).find((k) => k.name === out.sshKeyName);
    expect(key?.fingerprint).toBe(out.sshKeyFingerprint);
    const vm = state.instances[out.appId];
    expect(vm).toMatchObject({ templateId: out.templateId, keyPair: "payments-ops", state: "Running" });
    expect(vm.nics[0].networkId).toBe(out.tierId);
    expect(state.images[out.templateId]).toMatchObject({ name: "payments-golden", state: "Ready" });
    expect(state.volumes[out.volumeId].virtualMachineId).toBe(out.appId);
    expect(state.fileSystems[out.fileSystemId]).toMatchObject({ networkId: out.tierId, state: "Ready" });
    const on = (id: string) => state.annotations[id];
    expect(on(out.commentIds.data)).toMatchObject({ entityId: out.volumeId });
    expect(on(out.commentIds.tier)).toMatchObject({
      entityId: out.tierId,
      annotation: `shared files of payments: mount -t nfs ${out.filesMount}`,
    });
    expect(on(out.commentIds.vpc)).toMatchObject({ entityId: out.vpcId });
    const homeRegion = state.vpcs[out.vpcId].regionId;
    expect(state.vpcs[out.peerVpcId].regionId).toBe(out.peerRegionId);
    expect(out.peerRegionId).not.toBe(homeRegion);
    const members = mine(state.multiRegionMembers).map((m) => [
      m.id,
      m.groupId,
      m.vpcId,
      m.vpcRegionId,
      m.state,
    ]);
    expect(members.sort()).toEqual(
      [
        [out.memberIds.home, out.groupId, out.vpcId, homeRegion, "Active"],
        [out.memberIds.peer, out.groupId, out.peerVpcId, out.peerRegionId, "Active"],
      ].sort(),
    );

    // The audit trail the program read: who made what, oldest first. Every create of the run is there with the
    // route that made it and the made resource's id (a comment is audited on the resource it is on)...
    const trail = out.auditTrail as AuditLine[];
    const line = (request: string, resourceId: string) =>
      expect.objectContaining({ request, resourceId, user: "user-1" });
    expect(trail).toEqual(
      expect.arrayContaining([
        line("POST /api/v1/templates", out.templateId),
        line("POST /api/v1/ssh-keypairs", key.id),
        line("POST /api/v1/vpcs", out.vpcId),
        line("POST /api/v1/vpcs", out.peerVpcId),
        line("POST /api/v1/networks", out.tierId),
        line("POST /api/v1/compute/instances", out.appId),
        line("POST /api/v1/volumes", out.volumeId),
        line(`POST /api/v1/volumes/${out.volumeId}/attach`, out.volumeId),
        line("POST /api/v1/filesystems", out.fileSystemId),
        line(`POST /api/v1/volumes/${out.volumeId}/annotations`, out.volumeId),
        line(`POST /api/v1/networks/${out.tierId}/annotations`, out.tierId),
        line(`POST /api/v1/vpcs/${out.vpcId}/annotations`, out.vpcId),
        line("POST /api/v1/multi-regions", out.groupId),
        line(`POST /api/v1/multi-regions/${out.groupId}/vpcs`, out.memberIds.home),
        line(`POST /api/v1/multi-regions/${out.groupId}/vpcs`, out.memberIds.peer),
      ]),
    );
    expect(trail.find((l) => l.resourceId === out.templateId)?.resource).toBe("template golden");
    expect(trail.find((l) => l.resourceId === out.memberIds.peer)?.resource).toBe("membership mesh-peer");
    // ...in time order, and nothing else: exactly the emulator's audit rows that name the stack's resources.
    expect(trail.map((l) => l.at)).toEqual(trail.map((l) => l.at).sort());
    const ids = new Set(trail.map((l) => l.resourceId));
    const audited = state.audit.filter((r: any) => ids.has(r.resourceId));
    expect(trail.map((l) => [l.at, l.request, l.resourceId]).sort()).toEqual(
      audited.map((r: any) => [r.timestamp, `${r.method} ${r.path}`, r.resourceId]).sort(),
    );
    const auditRows = state.audit.length;

    // A second preview: no changes, no mutating request, and the trail it reads again is the one recorded (reads
    // are not audited), so the stack output shows no change either.
    await api.control.resetRequests();
    const [preview] = await run([{ op: "preview" }]);
    expect(preview.summary).toEqual({ same: RESOURCES });
    expect(mutating(await api.control.requests())).toEqual({});
    expect((await api.control.requests())["GET /api/v1/audit"]).toBeGreaterThanOrEqual(ids.size);
    expect(preview.output).not.toContain("auditTrail");
    expect((await api.control.state()).audit).toHaveLength(auditRows);

    // destroy: the volume's comment is deleted (the one DELETE route); the tier's and the VPC's leave the stack
    // with a warning naming each, and go with their tier and VPC, as the platform deletes a resource's comments.
    await api.control.resetRequests();
    const [destroyed] = await run([{ op: "destroy", options: { diff: false } }, { op: "rm" }]);
    expect(destroyed.summary).toEqual({ delete: RESOURCES });
    const warnings = destroyed.diagnostics
      .filter((d) => d.severity === "warning")
      .map((d) => d.message.trim());
    const kept = [
      keptWarning("network", "app", out.commentIds.tier, homeRegion, out.tierId),
      keptWarning("VPC", "team", out.commentIds.vpc, homeRegion, out.vpcId),
    ];
    expect(warnings.sort()).toEqual(kept.sort());
    for (const w of kept) expect(destroyed.output).toContain(`warning: ${w}`);
    expect(destroyed.output).not.toContain(out.commentIds.data);
    const requests = await api.control.requests();
    expect(requests["DELETE /api/v1/volumes/annotations/{annotationId}"]).toBe(1);

    state = await api.control.state();
    for (const collection of [
      "images",
      "sshKeyPairs",
      "instances",
      "volumes",
      "fileSystems",
      "networks",
      "vpcs",
      "multiRegionGroups",
      "multiRegionMembers",
      "annotations",
    ]) {
      expect(state[collection], collection).toBeDefined();
      expect(mine(state[collection]), collection).toEqual([]);
    }
  }, 600_000);
});
