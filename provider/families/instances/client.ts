// Compute instances: /api/v1/compute/instances. Deploy, actions and delete are asynchronous (jobs); the PUT
// update is synchronous and takes query parameters only.

import type { z } from "zod";
import type { AcceptedMutation, CallOptions } from "../../client/core";
import { CimError, ConfigurationError } from "../../client/errors";
import { createdWithName, Family, type ListOptions } from "../../client/family";
import { type ListResult, Paginator, readOnce } from "../../client/pagination";
import { type ApiPath, apiPath } from "../../client/paths";
import type { Job } from "../../client/records";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { type Instance, InstanceAcceptedSchema, InstanceSchema } from "./records";

export type ImageType = "template" | "iso" | "volume" | "snapshot";

/** A private address fixed on one network of a deploy. */
export interface FixedAddressInput {
  readonly networkId: string;
  readonly ipAddress: string;
}

/** One ipToNetworkList item as sent: the network, and the address when one is fixed on it (see networkList). */
export interface NetworkItem {
  networkId: string;
  ip?: string;
  ipAddress?: string;
}

/** Create-instance input, as the spec's create-instance table. */
export const createInstanceRequest = requestShape({
  serviceOfferingId: required<string>(),
  /**
   * The image to boot from, always sent (the API requires it). The API ignores it for `imageType: "iso"`: left
   * out then, the ISO's id is sent in it, as CloudStack's deployVirtualMachine takes an ISO boot.
   */
  templateId: optional<string>(),
  zoneId: required<string>(),
  name: optional<string>(),
  displayName: optional<string>(),
  /**
   * Attached in order; the first is the default interface. Sent comma-separated, or, with ipToNetworkList, as
   * that list (see createInstanceBody).
   */
  networkIds: optional<readonly string[]>(),
  startVm: optional<boolean>(),
  keyPair: optional<string>(),
  /** base64 cloud-init */
  userData: optional<string>(),
  hypervisor: optional<string>(),
  allowPasswordSsh: optional<boolean>(),
  disableRootCompletely: optional<boolean>(),
  isoId: optional<string>(),
  diskOfferingId: optional<string>(),
  /** GB */
  rootDiskSize: optional<number>(),
  imageType: optional<ImageType>(),
  /** imageType "volume": the detached data volume that becomes the root disk (emulator/README.md). */
  volumeId: optional<string>(),
  /** imageType "snapshot": the volume snapshot the root disk is made from (emulator/README.md). */
  snapshotId: optional<string>(),
  /** Only the first name is used by the API. */
  sshKeyNames: optional<readonly string[]>(),
  dataDiskOfferingList: optional<readonly Record<string, unknown>[]>(),
  /** Private addresses fixed on networks of the instance, at most one a network. */
  ipToNetworkList: optional<readonly FixedAddressInput[]>(),
});
export type CreateInstanceInput = InputOf<typeof createInstanceRequest>;

/**
 * The networks of a deploy with fixed addresses, as ipToNetworkList. The API takes the list alone: CloudStack's
 * deployVirtualMachine refuses it together with networkIds ("ipToNetworkMap can't be specified along with
 * networkIds or ipAddress") and takes the instance's networks from it, in order. So the list names every network,
 * in networkIds order (the first is the default interface; without networkIds, the list's own order), each with
 * its fixed address when it has one. The spec does not show the item's keys: the address goes under `ip`
 * (CloudStack's key) and `ipAddress` alike, an unknown key being ignored (the spec's common rule 4).
 */
function networkList(
  networkIds: readonly string[] | undefined,
  fixed: readonly FixedAddressInput[],
): NetworkItem[] {
  const order = networkIds?.length ? networkIds : [...new Set(fixed.map((f) => f.networkId))];
  for (const f of fixed) {
    if (!order.includes(f.networkId))
      throw new ConfigurationError(
        `ipToNetworkList names network ${f.networkId}, which is not among networkIds: add it to networkIds (in the place its interface takes) or fix no address on it.`,
      );
  }
  return order.map((networkId) => {
    const ip = fixed.find((f) => f.networkId === networkId)?.ipAddress;
    return ip === undefined ? { networkId } : { networkId, ip, ipAddress: ip };
  });
}

/**
 * Builds the create body from typed input: the declared keys, the networks joined by commas or, with fixed
 * addresses, named by ipToNetworkList alone (networkList); templateId always (an ISO's id for an ISO boot).
 */
export function createInstanceBody(i: CreateInstanceInput) {
  const iso = i.imageType === "iso";
  if (iso && (!i.isoId || !i.diskOfferingId)) {
    throw new ConfigurationError('imageType "iso" needs isoId and diskOfferingId (an ISO carries no disk).');
  }
  if (!iso && !i.templateId) {
    throw new ConfigurationError(
      `imageType "${i.imageType ?? "template"}" needs templateId (only an ISO image boots without one).`,
    );
  }
  if (i.imageType === "volume" && !i.volumeId) {
    throw new ConfigurationError(
      'imageType "volume" needs volumeId (the volume that becomes the root disk).',
    );
  }
  if (i.imageType === "snapshot" && !i.snapshotId) {
    throw new ConfigurationError(
      'imageType "snapshot" needs snapshotId (the snapshot the root disk is made from).',
    );
  }
  const fixed = i.ipToNetworkList ?? [];
  return createInstanceRequest.pick(
    { ...i, templateId: i.templateId ?? (iso ? i.isoId : undefined) },
    {
      networkIds: (ids) => (ids.length && !fixed.length ? ids.join(",") : undefined),
      ipToNetworkList: (list) => (list.length ? networkList(i.networkIds, list) : undefined),
      // each only with the image type it belongs to
      volumeId: (id) => (i.imageType === "volume" ? id : undefined),
      snapshotId: (id) => (i.imageType === "snapshot" ? id : undefined),
    },
  );
}

/** The JSON body exactly as the API reads it, key by key. */
export type CreateInstanceBody = ReturnType<typeof createInstanceBody>;

/** Fields the synchronous PUT /compute/instances/{id} accepts, as query parameters. */
export const updateInstanceRequest = requestShape({
  name: optional<string>(),
  displayName: optional<string>(),
  haEnabled: optional<boolean>(),
  deleteProtection: optional<boolean>(),
  /**
   * An instance group, by name (CloudStack's updateVirtualMachine `group`): the instance joins it and leaves any
   * other. The platform makes a group of that name when the account has none in the region.
   */
  group: optional<string>(),
});
export type UpdateInstanceInput = InputOf<typeof updateInstanceRequest>;

export interface InstanceCreated extends AcceptedMutation {
  id: string;
  /** The Instance the API answered (absent when the answer was lost and the job was adopted). */
  instance?: Instance;
}

const KEY = "virtualmachines";

const createdSchemas = new Map<string, z.ZodType<InstanceCreated>>();

/** The create answer, tagged with the region; one schema per region, made once (see acceptedIn). */
function createdIn(region: string | undefined): z.ZodType<InstanceCreated> {
  const key = region ?? "";
  let schema = createdSchemas.get(key);
  if (!schema) {
    schema = InstanceAcceptedSchema.transform(({ jobId, ...instance }) => ({
      jobId,
      id: instance.id,
      region,
      instance,
    }));
    createdSchemas.set(key, schema);
  }
  return schema;
}

export class Instances extends Family {
  async get(id: string, o?: CallOptions): Promise<Instance> {
    return this.core.get(apiPath`/compute/instances/${id}`, InstanceSchema, undefined, o);
  }

  /** The instance a successful job of it carries, when the API gives it (no read needed). */
  fromJob(job: Job | undefined, id: string): Instance | undefined {
    return this.resultOf(job, InstanceSchema, id);
  }

  /** Paged list: `for await (const vm of client.instances.list())`. */
  list(o?: ListOptions): Paginator<Instance> {
    return new Paginator(this.core, {
      path: apiPath`/compute/instances`,
      key: KEY,
      item: InstanceSchema,
      options: o,
    });
  }

  /** Every instance of the region, through paging (for batched refresh reads). */
  async listAll(o?: ListOptions): Promise<ListResult<Instance>> {
    return this.list(o).all();
  }

  /** GET /compute/instances/all: unpaged, one large response. */
  async all(o?: CallOptions): Promise<ListResult<Instance>> {
    return this.unpaged(apiPath`/compute/instances/all`, o);
  }

  /** GET /compute/instances/summary: unpaged. */
  async summary(o?: CallOptions): Promise<ListResult<Instance>> {
    return this.unpaged(apiPath`/compute/instances/summary`, o);
  }

  private unpaged(path: ApiPath, o?: CallOptions): Promise<ListResult<Instance>> {
    return readOnce(this.core, { path, key: KEY, item: InstanceSchema, options: o });
  }

  /** Deploy. Returns the deploy job; wait for it with `client.jobs.wait(result)`. */
  async create(input: CreateInstanceInput, o?: CallOptions): Promise<InstanceCreated> {
    const region = this.core.regionFor(o);
    return this.core.mutate<InstanceCreated>({
      method: "POST",
      path: apiPath`/compute/instances`,
      body: createInstanceBody(input),
      options: o,
      schema: createdIn(region),
      recovery: {
        kind: "job",
        command: "instance.deploy",
        verify: createdWithName(input.name, (id) => this.get(id, o)),
        adopt: async (job) => {
          const id = job.resourceId;
          if (!id)
            throw new CimError(
              `The deploy landed as job ${job.jobId} but the job names no instance; find it with client.instances.listAll() before running again.`,
            );
          // Best effort: the deploy landed, so a failed read must not turn into an error (and a retry).
          const instance = await this.get(id, o).catch(() => undefined);
          return { jobId: job.jobId, id, region, adopted: true, instance };
        },
      },
    });
  }

  /** Synchronous update (query parameters). Content-idempotent: a lost answer is resolved by re-reading. */
  async update(id: string, changes: UpdateInstanceInput, o?: CallOptions): Promise<Instance> {
    const path = apiPath`/compute/instances/${id}`;
    return this.putQuery(path, updateInstanceRequest.pick(changes), InstanceSchema, () => this.get(id, o), o);
  }

  async start(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.action(id, "start", o);
  }

  async stop(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.action(id, "stop", o);
  }

  async reboot(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.action(id, "reboot", o);
  }

  async scale(id: string, serviceOfferingId: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/compute/instances/${id}/scale`;
    return this.jobOn(id, "POST", path, "instance.scale", o, { query: { serviceOfferingId } });
  }

  /**
   * Puts the instance under a backup offering (a job; CloudStack's assignVirtualMachineToBackupOffering). The
   * platform refuses an instance that has one already: remove it first.
   */
  async assignBackupOffering(
    id: string,
    backupOfferingId: string,
    o?: CallOptions,
  ): Promise<AcceptedMutation> {
    const path = apiPath`/compute/instances/${id}/backup-offering`;
    return this.jobOn(id, "POST", path, "instance.assignBackupOffering", o, { query: { backupOfferingId } });
  }

  /**
   * Takes the instance off its backup offering (a job; CloudStack's removeVirtualMachineFromBackupOffering).
   * The platform deletes the instance's backup schedules with it; its backups stay.
   */
  async removeBackupOffering(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/compute/instances/${id}/backup-offering`;
    return this.jobOn(id, "DELETE", path, "instance.removeBackupOffering", o);
  }

  /** Live migration of a Running instance to another host of its zone (default: the platform picks). */
  async migrate(id: string, hostId?: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/compute/instances/${id}/migrate`;
    return this.jobOn(id, "POST", path, "instance.migrate", o, { query: hostId ? { hostId } : {} });
  }

  /**
   * destroyVirtualMachine. With `expunge` the platform removes it at once (its NICs, and so its networks, are
   * free when the job ends); without, it stays Destroyed until the platform's expunge delay passes. 409 when
   * deleteProtection is on.
   */
  async delete(id: string, o?: CallOptions & { expunge?: boolean }): Promise<AcceptedMutation> {
    const path = apiPath`/compute/instances/${id}`;
    return this.jobOn(id, "DELETE", path, "instance.destroy", o, {
      query: o?.expunge ? { expunge: true } : {},
    });
  }

  private action(id: string, verb: "start" | "stop" | "reboot", o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/compute/instances/${id}/${verb}`;
    return this.jobOn(id, "POST", path, `instance.${verb}`, o);
  }
}

export type * from "./records";
