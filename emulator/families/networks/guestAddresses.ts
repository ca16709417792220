// Guest addresses of a network, handed out as CloudStack's IpAddressManager.acquireGuestIpAddress does: the NICs
// of instances (file-system VMs included) and the source addresses of internal load balancers draw from one
// pool, the tier's CIDR less its gateway, network and broadcast addresses.

import type { Data } from "../../family";
import { conflict } from "../../http";
import { formatIp, parseCidr, parseIp, size } from "../../net";
import type { NetworkRec } from "./records";

export type GuestAddressData = Data<"instances" | "internalLoadBalancers" | "fileSystems">;

/**
 * Addresses in use on a network: every NIC on it (a file system's is its VM's) and every internal load
 * balancer's source address.
 */
export function usedAddresses(data: GuestAddressData, networkId: string): Set<number> {
  const used = new Set<number>();
  for (const r of data.instances.where((r) => r.nics.some((n) => n.networkId === networkId))) {
    for (const nic of r.nics) if (nic.networkId === networkId) used.add(parseIp(nic.ipAddress)!);
  }
  for (const lb of data.internalLoadBalancers.where((l) => l.sourceIpNetworkId === networkId))
    used.add(parseIp(lb.sourceIp)!);
  for (const fs of data.fileSystems.where((f) => f.networkId === networkId && f.ipAddress !== ""))
    used.add(parseIp(fs.ipAddress)!);
  return used;
}

/** The lowest free host address of the network, marked used in `used`. */
export function allocate(net: NetworkRec, used: Set<number>): string {
  const range = parseCidr(net.cidr)!;
  const gateway = parseIp(net.gateway);
  for (let ip = range.base + 1; ip < range.base + size(range) - 1; ip++) {
    if (ip !== gateway && !used.has(ip)) {
      used.add(ip);
      return formatIp(ip);
    }
  }
  throw conflict(`Network ${net.name} has no free address left`, `cidr=${net.cidr}`);
}
