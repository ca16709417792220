// Static NAT, as CloudStack keeps it: enableStaticNat maps a public address one to one onto an instance's NIC,
// disableStaticNat removes the mapping; both are jobs here (the spec lists enabling static NAT among the
// asynchronous operations). There is no record of its own: the mapping lives on the address
// (isStaticNat, virtualMachineId, vmIpAddress). Routes, refusals and texts: emulator/README.md.

import { refusedInJob } from "../../handlers/common";
import { body, str } from "../../handlers/input";
import { stampOf } from "../../handlers/lifecycle";
import { badRequest, type Ctx, conflict } from "../../http";
import type { JobEffect } from "../../jobs";
import type { Repository } from "../../repository";
import { instanceName } from "../instances/instanceView";
import { findPublicIp, ipJob, type PublicIpData, restorePrev } from "./publicIps";
import type { PublicIpRec } from "./records";

type PCtx = Ctx<PublicIpData>;

/** An expunged instance loses its static NAT (CloudStack disables it as the VM's rules are removed). */
export function dropStaticNatOf(publicIps: Repository<PublicIpRec>, vmId: string): void {
  for (const ip of publicIps.where((r) => r.virtualMachineId === vmId)) clearStaticNat(publicIps, ip);
}

function clearStaticNat(publicIps: Repository<PublicIpRec>, ip: PublicIpRec, now?: string) {
  publicIps.update(
    ip,
    {
      isStaticNat: false,
      virtualMachineId: undefined,
      vmIpAddress: undefined,
      // a VPC address serves a tier only while a rule points into it
      ...(ip.vpcId ? { networkId: undefined } : {}),
    },
    now,
  );
}

/**
 * enableStaticNat (RulesManagerImpl.enableStaticNat and isIpReadyForStaticNat): the instance must have a NIC on
 * the network; a VPC address is associated with the tier on the way; a source-NAT address, an address mapped to
 * another instance, an address with load-balancer rules and an instance address that already has a public address
 * are refused with CloudStack's texts.
 */
export function enableStaticNat(ctx: PCtx) {
  const ip = findPublicIp(ctx, ctx.params.id);
  ctx.data.publicIps.idle(ip);
  const b = body(ctx);
  const vmId = str(b, "virtualMachineId");
  if (!vmId)
    throw badRequest(
      "Required parameter 'virtualMachineId' is not present",
      "Missing parameter: virtualMachineId",
    );
  const networkId = str(b, "networkId") || ip.networkId;
  if (!networkId) {
    throw badRequest(
      `Unable to enable static NAT for the ipAddress id=${ip.id} as ip is not associated with any network and no networkId is passed in`,
    );
  }
  const network = ctx.data.networks.get(ctx.owner, networkId);
  if (!network)
    throw badRequest("Unable to find network by id", `networkId ${networkId} in region ${ctx.region.name}`);
  const vm = ctx.data.instances.get(ctx.owner, vmId);
  if (!vm || ctx.data.instances.isGone(vm)) {
    throw badRequest(
      `Can't enable static nat for the address id=${ip.id}, invalid virtual machine id specified (${vmId}).`,
    );
  }
  const nic = vm.nics.find((n) => n.networkId === networkId);
  if (!nic) throw badRequest("Vm doesn't belong to the network with specified id");
  if (ip.networkId && ip.networkId !== networkId) {
    throw badRequest(
      `Invalid network Id=${networkId}. IP is associated with a different network than passed network id`,
    );
  }
  if (!ip.networkId && !(ip.vpcId && network.vpcId === ip.vpcId)) {
    throw badRequest(`Ip address ${ip.ipAddress} is not assigned to the network ${network.name}`);
  }
  if (ip.isSourceNat) {
    throw badRequest(`Can't enable static, ip address ${ip.ipAddress} is a sourceNat ip address`);
  }
  if (!ip.isStaticNat && ctx.data.loadBalancerRules.where((r) => r.publicIpId === ip.id).length) {
    // RulesManagerImpl.isIpReadyForStaticNat, a NetworkRuleConflictException
    throw conflict(
      `Failed to enable static nat for the ip address ${ip.ipAddress} as it already has LoadBalancing rules assigned`,
    );
  }
  if (ip.isStaticNat && ip.virtualMachineId !== vmId) {
    throw conflict(
      `Failed to enable static for the ip address ${ip.ipAddress} and vm id=${vmId} as it's already assigned to antoher vm`,
    );
  }
  // CloudStack looks the NIC's address up among all the addresses, this one too: enabling it again onto the same
  // instance is refused as if another address held it (findByAssociatedVmIdAndVmIp finds the address itself)
  const other = ctx.data.publicIps.where(
    (r) => r.virtualMachineId === vmId && r.vmIpAddress === nic.ipAddress,
  )[0];
  if (other) {
    throw badRequest(
      `Failed to enable static nat on the  ip ${ip.ipAddress} with Id ${ip.id} as the vm ${instanceName(ctx.store, vm)} with Id ${vm.id} is already associated with another public ip ${other.ipAddress} with id ${other.id}`,
    );
  }
  const mapping = { virtualMachineId: vm.id, networkId, vmIpAddress: nic.ipAddress };
  // CloudStack's enableStaticNat records the mapping on the address before it applies it (oneToOneNat, the VM), so
  // a load-balancer rule or another mapping asked for while the job runs is refused as if it were done
  const answer = ipJob(ctx, ip, "enableStaticNat", undefined, mapping);
  ctx.data.publicIps.update(ip, { isStaticNat: true, ...mapping });
  return answer;
}

/** disableStaticNat: RulesManagerImpl.disableStaticNat refuses an address without static NAT, in the job. */
export function disableStaticNat(ctx: PCtx) {
  const ip = findPublicIp(ctx, ctx.params.id);
  ctx.data.publicIps.idle(ip);
  if (!ip.isStaticNat) {
    return refusedInJob(ctx, ctx.data.publicIps, ip, {
      command: "disableStaticNat",
      name: ip.ipAddress,
      failDetail: "Specified IP address id is not associated with any vm Id",
    });
  }
  return ipJob(ctx, ip, "disableStaticNat");
}

export const staticNatJobEffects: Record<string, JobEffect<PublicIpData>> = {
  enableStaticNat: {
    success(data, job) {
      const ip = data.publicIps.byId(job.resourceId);
      const p = job.payload ?? {};
      if (!ip || !data.instances.byId(String(p.virtualMachineId))) return;
      data.publicIps.update(
        ip,
        {
          isStaticNat: true,
          virtualMachineId: String(p.virtualMachineId),
          vmIpAddress: String(p.vmIpAddress),
          networkId: String(p.networkId),
        },
        stampOf(job),
      );
    },
    failure(data, job) {
      restorePrev(data, job);
      const ip = data.publicIps.byId(job.resourceId);
      // a mapping that failed is not kept (an address mapped already is refused before any job)
      if (ip) clearStaticNat(data.publicIps, ip);
    },
  },
  disableStaticNat: {
    success(data, job) {
      const ip = data.publicIps.byId(job.resourceId);
      if (ip) clearStaticNat(data.publicIps, ip, stampOf(job));
    },
    failure: restorePrev,
  },
};
