// cim.Instance: the pure rules its declaration uses (host names, user data digests, power states, root disk
// sizes, what a replacement would collide with, what preview judges on live records). No Pulumi, no client.

import { createHash } from "node:crypto";
import { ConflictError, commandMatches, type Instance, type Network } from "../../client";
import { inZone } from "../../kinds/common";
import type { Exclusive, LiveRecord, LookupFailure, Recorded, Requirement } from "../../kinds/define";
import { isHostOf, parseCidr, parseIpv4 } from "../../lifecycle/net";
import type { Session } from "../../lifecycle/session";
import { containsUnknown } from "../../lifecycle/values";

export type PowerState = "running" | "stopped";

export interface FixedAddress {
  networkId: string;
  ipAddress: string;
}

/** A host name: 1–63 letters, digits and hyphens, starting with a letter, not ending with a hyphen. */
export const HOST_NAME = /^[a-zA-Z](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

export const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The base64 text of userData the platform takes by default: CloudStack's `vm.userdata.max.length`, which its
 * operator may raise, up to the request's own ceiling, `USER_DATA_CEILING` (1 MiB of text), which nothing raises.
 */
export const USER_DATA_MAX_LENGTH = 32_768;
export const USER_DATA_CEILING = 1_048_576;

/** The warning for userData above the platform's default limit and under the ceiling, if any. */
export function longUserData(values: Recorded): string | undefined {
  const text = values.userData;
  if (typeof text !== "string" || text.length <= USER_DATA_MAX_LENGTH) return undefined;
  const name = typeof values.name === "string" ? ` "${values.name}"` : "";
  return `cim:Instance${name}: userData is ${text.length.toLocaleString("en")} characters of base64, above ${USER_DATA_MAX_LENGTH.toLocaleString("en")}, the platform's default limit (vm.userdata.max.length): the deploy is refused unless its operator raised it. Gzip the cloud-init payload before encoding it to fit (cloud-init reads it compressed)`;
}

/** userData without the line breaks and spaces base64 text may carry: what is compared and sent. */
export function normaliseUserData(v: string): string {
  return v.replace(/\s+/g, "");
}

/**
 * What state records of userData: the sha256 (hex) of the normalised base64 payload, never the payload. The
 * API never returns userData, and the engine logs a provider's outputs at verbosity 9 and sends them back to
 * the program, so outputs carry this digest (`userDataHash`) and diff compares digests.
 */
export function userDataDigest(v: string): string {
  return createHash("sha256").update(normaliseUserData(v)).digest("hex");
}

/**
 * The digest recorded in old outputs. State written by versions before the digest holds the payload itself
 * as `userData` (a secret); its digest is computed, so upgrading shows no change.
 */
export function recordedUserDataHash(olds: Record<string, unknown>): string | undefined {
  if (typeof olds.userData === "string") return userDataDigest(olds.userData);
  return typeof olds.userDataHash === "string" ? olds.userDataHash : undefined;
}

/**
 * The program's power state from the API's instance state (CloudStack's VirtualMachine.State: a rebooting
 * instance stays Running, a migrating one runs, a deploy without start is Stopped at once).
 */
export function powerStateOf(state: string | undefined): PowerState | "error" | undefined {
  switch (state) {
    case "Running":
    case "Starting":
    case "Migrating":
      return "running";
    case "Stopped":
    case "Stopping":
      return "stopped";
    case "Error":
      return "error";
    default:
      return undefined;
  }
}

/**
 * Whether a failed scale's reason says the instance cannot scale while it runs, so stopping it first helps:
 * CloudStack's "Unable to scale VM[…] as it does not have tools to support dynamic scaling." and "Dynamically
 * scaling virtual machines is disabled for this zone, …" (UserVmManagerImpl.upgradeRunningVirtualMachine).
 */
export function refusedWhileRunning(detail: string | undefined): boolean {
  return /\bdynamic(?:ally)? scal/i.test(detail ?? "");
}

/**
 * What a new offering does to a running instance the platform cannot scale live (its record says it is not
 * dynamically scalable: its template lacks the tools, or its offering or zone does not allow it): the update
 * stops it, scales it and starts it again, so it is down meanwhile; the diff's `~ serviceOfferingId` does not say
 * so. Nothing when the change replaces it, when the program stops it anyway, or when the record cannot be read.
 */
export async function offeringChangeStops(
  olds: Recorded,
  news: Recorded,
  replaces: readonly string[],
  live: () => Promise<Instance | undefined>,
): Promise<string | undefined> {
  const [from, to] = [olds.serviceOfferingId, news.serviceOfferingId];
  if (replaces.length || to === undefined || containsUnknown(to) || to === from) return undefined;
  if ((news.powerState ?? "running") !== "running") return undefined;
  if ((olds.powerState ?? powerStateOf(olds.state as string | undefined)) !== "running") return undefined;
  const rec = await live();
  if (rec?.isDynamicallyScalable !== false || powerStateOf(rec.state) !== "running") return undefined;
  return `serviceOfferingId ${String(from)} → ${String(to)}: the platform cannot scale this instance while it runs (it is not dynamically scalable: its template lacks the tools, or its offering or zone does not allow it), so the update stops it, scales it and starts it again, and it is down meanwhile. To choose when, stop it first (powerState: "stopped") in an up of its own`;
}

/** A template's minimum root disk, when the lookup found it. */
export function rootDiskProblem(
  rootDiskSize: number | undefined,
  template: { name?: unknown; minRootDiskSizeGb?: unknown } | undefined,
): string | undefined {
  const min = template?.minRootDiskSizeGb;
  if (rootDiskSize === undefined || typeof min !== "number" || rootDiskSize >= min) return undefined;
  const which = template?.name ? `template ${String(template.name)}` : "template";
  return `rootDiskSize ${rootDiskSize} GB is smaller than the ${min} GB the ${which} requires (the root disk cannot be smaller than the template needs)`;
}

export const sortFixed = (v: unknown) =>
  [...((v as FixedAddress[] | undefined) ?? [])].sort((a, b) => a.networkId.localeCompare(b.networkId));

/**
 * The fixed addresses as the instance's record shows them, what the check after the deploy compares with those
 * asked (an API that does not read the item's address key gives an address of its own, and answers 2xx): each
 * network's address from the record's NICs when it lists them, the default interface's from its `ipAddress`
 * (the first of networkIds, else of the list); one the record does not show is taken as asked. Undefined
 * when the instance fixes none.
 */
export function fixedAsShown(v: Instance, rec: Recorded): FixedAddress[] | undefined {
  const fixed = Array.isArray(rec.ipToNetworkList) ? (rec.ipToNetworkList as FixedAddress[]) : [];
  if (!fixed.length) return undefined;
  const nics = (v as Record<string, unknown>).nics;
  const listed = Array.isArray(nics) ? (nics as { networkId?: unknown; ipAddress?: unknown }[]) : [];
  const named = rec.networkIds as string[] | undefined;
  const first = named?.length ? named[0] : fixed[0].networkId;
  const text = (x: unknown) => (typeof x === "string" && x !== "" ? x : undefined);
  return fixed.map(({ networkId, ipAddress }) => ({
    networkId,
    ipAddress:
      text(listed.find((n) => n.networkId === networkId)?.ipAddress) ??
      (networkId === first ? text(v.ipAddress) : undefined) ??
      ipAddress,
  }));
}

/**
 * A replacement of an instance booted from a volume (imageType volume) that would boot from that volume again: the
 * volume became the old instance's root disk, which the platform deletes with its instance (and while the old one
 * holds it, a deploy is refused it: "is attached to an instance"), so the new instance could never boot from it, and
 * a delete first would lose the disk. What to do instead, else undefined.
 */
export function rootVolumeReplaced(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  replaces: readonly string[],
): string | undefined {
  if (!replaces.length || olds.imageType !== "volume" || news.imageType !== "volume") return undefined;
  if (typeof olds.volumeId !== "string" || news.volumeId !== olds.volumeId) return undefined;
  return `${replaces.join(", ")} cannot change in place, so this change replaces the instance; but it boots from volume ${olds.volumeId}, which became its root disk, and the platform deletes a root disk with its instance: the new instance could not boot from it, and the disk's data would be lost. To keep the disk, snapshot it first, in an up of its own: a cim.VolumeSnapshot with volumeId "${olds.volumeId}" written as text (not the cim.Volume's output); then boot the new instance from that snapshot (imageType "snapshot" with its snapshotId) and remove that cim.Volume from the program, since its disk goes with the old instance. Or boot the new instance from another detached volume`;
}

/** The replacement would take the same unique name or the same fixed address as the instance it replaces. */
export function instanceWouldCollide(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): false | string {
  if (olds.region !== undefined && news.region !== undefined && olds.region !== news.region) return false;
  const name = news.name;
  if (typeof name === "string" && containsUnknown(name))
    return "its host name is not known yet and may be the old one's, which two instances of a region cannot share";
  if (typeof name === "string" && name.toLowerCase() === String(olds.name ?? "").toLowerCase())
    return `the new one keeps host name ${name}, which two instances of a region cannot share`;
  const oldFixed = new Set(sortFixed(olds.ipToNetworkList).map((f) => `${f.networkId}/${f.ipAddress}`));
  const kept = sortFixed(news.ipToNetworkList).find(
    (f) => containsUnknown(f) || oldFixed.has(`${f.networkId}/${f.ipAddress}`),
  );
  if (!kept) return false;
  return containsUnknown(kept)
    ? "a fixed address it asks for is not known yet and may be the old one's, which two instances cannot share"
    : `the new one keeps address ${kept.ipAddress} on network ${kept.networkId}, which two instances cannot share`;
}

/**
 * "templateId names template "golden", which is not ready …" when the catalogue row of the image the instance
 * boots from says it is not ready (a registered template or ISO still downloading, or whose download failed):
 * the platform refuses to deploy from it.
 */
export function imageNotReady(field: string, row: Record<string, unknown> | undefined): string | undefined {
  if (row?.isReady !== false) return undefined;
  const what = field === "isoId" ? "ISO" : "template";
  const status = typeof row.status === "string" && row.status ? ` (${row.status})` : "";
  return `${field} ${String(row.id)} names ${what} "${String(row.name)}", which is not ready${status}: the platform deploys only from a downloaded ${what}. Declare the cim.${what === "ISO" ? "Iso" : "Template"} in this program and pass its id output (it is made ready before what uses it), or wait until it is ready`;
}

/**
 * What the deploy refuses of the image row an instance boots from besides readiness (deployVirtualMachine): a
 * registered template or ISO lives in the zone it was registered in (`crossZones` false), so another zone's
 * instance cannot boot from it; an ISO registered as not bootable cannot be installed from.
 */
export function imageUnusable(
  field: "templateId" | "isoId",
  row: Record<string, unknown> | undefined,
  zoneId: unknown,
): string | undefined {
  if (!row) return undefined;
  const what = field === "isoId" ? "ISO" : "template";
  const named = `${field} ${String(row.id)} names ${what} "${String(row.name)}"`;
  if (field === "isoId" && row.bootable === false)
    return `${named}, which is not bootable: the platform installs an instance only from a bootable ISO. Register the ISO with bootable: true, or boot from another`;
  const zone = row.zoneId;
  if (row.crossZones !== false || typeof zone !== "string" || !zone || typeof zoneId !== "string")
    return undefined;
  if (zone === zoneId) return undefined;
  return `${named}, which is in zone ${String(row.zoneName || zone)}, not in the instance's zone ${zoneId}: a registered ${what} is available only in the zone it was registered in. Deploy in that zone, or register the ${what} in zone ${zoneId}`;
}

/** The deploy refuses a network of another zone (CloudStack: "Network id=… doesn't belong to zone …"). */
export const inInstanceZone = inZone(
  "instance",
  (_n, i) =>
    `an instance's networks must be in its zone. Move the instance back, or give it networks of zone ${String(i.zoneId)}`,
);

/** Host names are unique in a region, Destroyed instances not yet expunged included (the deploy refuses). */
export const uniqueHostName: Exclusive<string> = {
  property: "name",
  needs: ["name"],
  claimed: (i) => (typeof i.name === "string" ? i.name.toLowerCase() : undefined),
  held: (v: Instance) => (typeof v.name === "string" ? v.name.toLowerCase() : undefined),
  reason: (i, v: Instance) =>
    `name ${JSON.stringify(i.name)} is taken: instance ${v.id} (state ${v.state ?? "unknown"}) has that host name, and host names are unique in a region (the API refuses a second${v.state === "Destroyed" ? "; a destroyed instance keeps its name until it is expunged" : ""})`,
  otherwise: "choose another name, or adopt that instance with adoptId",
};

/** One address fixed on one network, as a message shows it. */
const fixedText = (f: FixedAddress) => `${f.ipAddress} on network ${f.networkId}`;

/**
 * Fixed addresses two instances of one program both claim: the API gives an address on a network to one NIC, and
 * refuses whichever deploy comes second. Judged between the program's resources only: an instance record shows
 * its default NIC's address alone, not the addresses on its other networks, so no live record is asked (the
 * deploy's refusal names an address another instance holds).
 */
export const uniqueFixedAddresses: Exclusive<FixedAddress[]> = {
  property: "ipToNetworkList",
  needs: ["ipToNetworkList"],
  claimed: (i) =>
    Array.isArray(i.ipToNetworkList) && i.ipToNetworkList.length
      ? sortFixed(i.ipToNetworkList).map((f) => ({ networkId: f.networkId, ipAddress: f.ipAddress }))
      : undefined,
  clash: (a, b) => a.some((f) => b.some((g) => f.networkId === g.networkId && f.ipAddress === g.ipAddress)),
  buckets: (v) => v.map((f) => `${f.networkId}\u0000${f.ipAddress}`),
  shown: (v) => v.map(fixedText).join(", "),
};

/**
 * What the deploy refuses of fixed addresses, judged on the live networks: an address must be a host address of
 * its network's range and not its gateway; without networkIds the list's networks are the instance's, so they
 * must be in its zone (with networkIds they are among them, judged there).
 */
export async function fixedAddressRules(
  i: Recorded,
  read: (kind: string, id: unknown) => Promise<LiveRecord | undefined>,
): Promise<LookupFailure[]> {
  const fixed = Array.isArray(i.ipToNetworkList) ? (i.ipToNetworkList as FixedAddress[]) : [];
  const out: LookupFailure[] = [];
  for (const f of fixed) {
    if (containsUnknown(f)) continue;
    const n = (await read("Network", f.networkId)) as Network | undefined;
    if (!n) continue;
    const range = typeof n.cidr === "string" ? parseCidr(n.cidr, false) : undefined;
    const ip = parseIpv4(f.ipAddress);
    if (range && ip !== undefined && (!isHostOf(ip, range.base, range.prefix) || f.ipAddress === n.gateway)) {
      out.push({
        property: "ipToNetworkList",
        reason: `ipToNetworkList fixes ${f.ipAddress} on network ${n.name ?? ""} (${n.id}), whose range is ${n.cidr}: a fixed address must be a host address of its network's range, not its gateway`,
      });
    }
    const zone = i.zoneId;
    if (i.networkIds === undefined && !containsUnknown(zone) && n.zoneId !== undefined && n.zoneId !== zone) {
      out.push({
        property: "ipToNetworkList",
        reason: `ipToNetworkList names network ${n.name ?? ""} (${n.id}), which is in zone ${n.zoneName ?? n.zoneId}, not in the instance's zone ${String(zone)}: without networkIds the instance is on these networks, which must be in its zone`,
      });
    }
  }
  return out;
}

/** The holder's id, where a refusal names it (`id=<uuid>`, as the emulator's does). */
const HOLDER_ID = /\bid=([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/i;

/**
 * A deploy refused (409) for a host name that no instance the API lists has: an instance destroyed without
 * expunge keeps its host name until the platform expunges it (CloudStack's expunge.delay, a day by default),
 * and reads hide it (listVirtualMachines shows users no Destroyed instance), so preview could not see it. The
 * error then says so and names the ways out: another name, or expunging that instance now. Its id is that of the
 * newest destroy of that name among the account's jobs of the last two days, else the one the refusal names.
 * Any other refusal is returned as it is.
 */
export async function nameHeld(s: Session, err: unknown, name: string): Promise<unknown> {
  if (!(err instanceof ConflictError) || !err.message.toLowerCase().includes(name.toLowerCase())) return err;
  const o = { region: s.region };
  try {
    const listed = (await s.client.instances.all(o)).items;
    if (listed.some((v) => v.name?.toLowerCase() === name.toLowerCase())) return err;
    const destroyed = (await s.client.jobs.inWindow(48, o)).items
      .filter((j) => commandMatches(j.command, "instance.destroy"))
      .filter((j) => String(j.resourceName).toLowerCase() === name.toLowerCase() && j.resourceId)
      .map((j) => j.resourceId as string);
    const holder = destroyed[0] ?? HOLDER_ID.exec(err.message)?.[1];
    const expunge = holder
      ? `expunge that one now: DELETE /api/v1/compute/instances/${holder}?expunge=true`
      : "expunge that one now (its id is in your recent destroyVirtualMachine jobs: GET /api/v1/jobs?hoursBack=48): DELETE /api/v1/compute/instances/<id>?expunge=true";
    return new Error(
      `the host name ${JSON.stringify(name)} is still held by ${holder ? `instance ${holder}, ` : "an instance "}destroyed but not yet expunged (an instance deleted with expunge: false, or destroyed outside Pulumi): the API lists no instance of this name, and a destroyed instance keeps its host name until the platform expunges it, after its expunge delay (a day by default). Give this instance another name, or ${expunge}. The API answered: ${err.message}`,
      { cause: err },
    );
  } catch {
    return err;
  }
}

/** The networks an instance's record shows it on (`networkIds`, where the API gives them), else undefined. */
export const liveNetworks = (v: Instance) => {
  const ids = (v as Record<string, unknown>).networkIds;
  return Array.isArray(ids) && ids.every((n) => typeof n === "string") ? (ids as string[]) : undefined;
};

/**
 * Whether an instance's record shows it without a NIC on `network` (a load balancer's members, a static NAT's
 * instance must have one): false when the record does not show its networks. An instance's networks change only
 * by its replacement, so a record found is the one an id names.
 */
export const offNetwork = (v: LiveRecord, network: string) => {
  const networks = liveNetworks(v as Instance);
  return networks !== undefined && !networks.includes(network);
};

/**
 * An instance the same run makes has a NIC on the network `networkId` names (a balancer's member, a static NAT's
 * instance), judged on its inputs (planned.ts): its `networkIds`, when given and known (without them it is on the
 * zone's default network, which check does not read). A live instance is judged by the kind's live rules (offNetwork).
 * `serves`: what the network is to the resource, completing "the network …"; `way`: the way out.
 */
export const plannedOnNetwork = (serves: string, way: string): Requirement => ({
  plannedOnly: true,
  planned: ["networkIds"],
  needs: ["networkId"],
  holds: (vm, i) => typeof i.networkId !== "string" || !offNetwork(vm, i.networkId),
  reason: (vm, i) =>
    `has networkIds ${JSON.stringify((vm as { networkIds?: unknown }).networkIds)}, no NIC on network ${String(i.networkId)}, the network ${serves}. ${way}`,
});
