// cim:Instance — how program inputs become the create body, and how the API's Instance becomes outputs.
// Outputs keep the immutable inputs (they cannot drift and the API does not echo all of them) and the live
// values of everything that can change, so refresh shows drift and diff never flaps. userData is the one
// input outputs never keep: they record its digest, userDataHash (see userDataDigest).

import type { CreateInstanceInput, Instance } from "../client";
import { type InstanceInputs, normaliseUserData, powerStateOf, recordedUserDataHash } from "./instanceRules";
import { mismatches } from "./shared/errors";
import { compact, sameList, type TagMap } from "./shared/values";

type Recorded = Partial<InstanceInputs> & Record<string, unknown>;

/**
 * The program's view of an instance: recorded immutable inputs plus the live values of the rest. `rec` is the
 * program's inputs (create, adoption) or the old outputs (update, read); either way userData becomes its
 * digest.
 */
export function instanceOutputs(rec: Recorded, live: Instance, region: string | undefined, tags: TagMap) {
  const rootDisk = Number((live.details as Record<string, unknown> | undefined)?.rootDiskSize);
  const liveNetworks = (live as Record<string, unknown>).networkIds;
  return compact({
    region,
    zoneId: rec.zoneId ?? live.zoneId,
    zoneName: live.zoneName,
    serviceOfferingId: live.serviceOfferingId ?? rec.serviceOfferingId,
    serviceOfferingName: live.serviceOfferingName,
    templateId: rec.imageType === "iso" ? rec.templateId : (rec.templateId ?? live.templateId),
    templateName: live.templateName,
    imageType: rec.imageType ?? "template",
    isoId: rec.isoId,
    diskOfferingId: rec.diskOfferingId,
    rootDiskSize: rec.rootDiskSize ?? (Number.isFinite(rootDisk) && rootDisk > 0 ? rootDisk : undefined),
    name: live.name ?? rec.name,
    displayName: live.displayName ?? rec.displayName,
    networkIds:
      rec.networkIds ??
      (Array.isArray(liveNetworks) && liveNetworks.every((n) => typeof n === "string")
        ? liveNetworks
        : undefined),
    ipToNetworkList: rec.ipToNetworkList,
    userDataHash: recordedUserDataHash(rec),
    sshKeyNames: rec.sshKeyNames,
    allowPasswordSsh: rec.allowPasswordSsh,
    disableRootCompletely: rec.disableRootCompletely,
    hypervisor: rec.hypervisor ?? live.hypervisor,
    powerState: powerStateOf(live.state) ?? live.state,
    haEnabled: live.haEnabled ?? false,
    deleteProtection: live.deleteProtection ?? false,
    tags,
    timeouts: rec.timeouts,
    adoptId: rec.adoptId,
    state: live.state,
    ipAddress: live.ipAddress,
    instanceType: live.instanceType,
    cpuNumber: live.cpuNumber,
    cpuSpeed: live.cpuSpeed,
    memory: live.memory,
    osDisplayName: live.osDisplayName,
    osTypeId: live.osTypeId,
    instanceName: live.instanceName,
    passwordEnabled: live.passwordEnabled,
    account: live.account,
    domain: live.domain,
    created: live.created,
    lastUpdated: live.lastUpdated,
  });
}

/**
 * The inputs recorded as outputs when the instance cannot be read back (partial state of a failed deploy):
 * all of them but userData, which becomes its digest as in instanceOutputs.
 */
export function recordedInputs(rec: Recorded, region: string | undefined): Record<string, unknown> {
  const { userData: _payload, ...rest } = rec;
  return compact({ ...rest, userDataHash: recordedUserDataHash(rec), region });
}

export function createInput(i: InstanceInputs): CreateInstanceInput {
  const iso = i.imageType === "iso";
  return {
    serviceOfferingId: i.serviceOfferingId,
    // ignored by the API for ISO images; left out of the body then
    templateId: iso ? undefined : i.templateId,
    zoneId: i.zoneId,
    name: i.name,
    displayName: i.displayName,
    networkIds: i.networkIds,
    startVm: (i.powerState ?? "running") === "running",
    userData: i.userData === undefined ? undefined : normaliseUserData(i.userData),
    hypervisor: i.hypervisor,
    allowPasswordSsh: i.allowPasswordSsh,
    disableRootCompletely: i.disableRootCompletely,
    isoId: iso ? i.isoId : undefined,
    diskOfferingId: iso ? i.diskOfferingId : undefined,
    rootDiskSize: i.rootDiskSize,
    imageType: i.imageType,
    sshKeyNames: i.sshKeyNames,
    ipToNetworkList: i.ipToNetworkList?.map((f) => ({ networkId: f.networkId, ipAddress: f.ipAddress })),
  };
}

/** Immutable fields of a live instance against the program (adoption). */
export function adoptionMismatches(live: Instance, want: InstanceInputs): string[] {
  const iso = want.imageType === "iso";
  const liveIso = (live as Record<string, unknown>).isoId ?? live.templateId;
  const liveNetworks = (live as Record<string, unknown>).networkIds;
  const rootDisk = Number((live.details as Record<string, unknown> | undefined)?.rootDiskSize);
  return mismatches([
    ["zoneId", want.zoneId, live.zoneId, live.zoneId === undefined || live.zoneId === want.zoneId],
    [
      "templateId",
      want.templateId,
      live.templateId,
      iso || live.templateId === undefined || live.templateId === want.templateId,
    ],
    ["isoId", want.isoId, liveIso, !iso || liveIso === want.isoId],
    [
      "networkIds",
      want.networkIds,
      liveNetworks,
      want.networkIds === undefined ||
        !Array.isArray(liveNetworks) ||
        sameList(want.networkIds, liveNetworks),
    ],
    [
      "rootDiskSize",
      want.rootDiskSize,
      rootDisk,
      want.rootDiskSize === undefined || !Number.isFinite(rootDisk) || rootDisk === want.rootDiskSize,
    ],
  ]);
}
