// Volume snapshots (/api/v1/snapshots) and instance snapshots (/api/v1/vm-snapshots): two resources, as the spec
// says, whose routes and shapes it does not show; emulator/README.md writes down the ones taken from CloudStack's
// createSnapshot / listSnapshots / deleteSnapshot and createVMSnapshot / listVMSnapshot / deleteVMSnapshot.
// Every create and delete is asynchronous (a job). A lost create answer is resolved by the job of that command
// whose resource carries the requested name.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import {
  type InstanceSnapshot,
  InstanceSnapshotSchema,
  type VolumeSnapshot,
  VolumeSnapshotSchema,
} from "./records";

export const createVolumeSnapshotRequest = requestShape({
  volumeId: required<string>(),
  /** Default: the platform's `<volume name>_<timestamp>`. */
  name: optional<string>(),
});
export type CreateVolumeSnapshotInput = InputOf<typeof createVolumeSnapshotRequest>;

export const createInstanceSnapshotRequest = requestShape({
  virtualMachineId: required<string>(),
  /** Unique among the instance's snapshots. Default: the platform's `<instance>_VS_<timestamp>`. */
  name: optional<string>(),
  description: optional<string>(),
  /** Also the memory of a running instance (CloudStack's snapshotmemory); refused for a stopped one. */
  snapshotMemory: optional<boolean>(),
});
export type CreateInstanceSnapshotInput = InputOf<typeof createInstanceSnapshotRequest>;

export class VolumeSnapshots extends Family {
  async get(id: string, o?: CallOptions): Promise<VolumeSnapshot> {
    return this.core.get(apiPath`/snapshots/${id}`, VolumeSnapshotSchema, undefined, o);
  }

  /** Snapshots of the region, optionally of one volume or one name. */
  list(o?: ListOptions & { volumeId?: string; name?: string }): Paginator<VolumeSnapshot> {
    return new Paginator(this.core, {
      path: apiPath`/snapshots`,
      query: { volumeId: o?.volumeId, name: o?.name },
      key: "snapshots",
      item: VolumeSnapshotSchema,
      options: o,
    });
  }

  async listAll(o?: ListOptions & { volumeId?: string; name?: string }): Promise<ListResult<VolumeSnapshot>> {
    return this.list(o).all();
  }

  async create(input: CreateVolumeSnapshotInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.createJob(input, o, {
      path: apiPath`/snapshots`,
      command: "volumeSnapshot.create",
      body: createVolumeSnapshotRequest,
      echoes: { name: "name", volumeId: "volumeId" },
      read: (id) => this.get(id, o),
    });
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", apiPath`/snapshots/${id}`, "volumeSnapshot.delete", o);
  }
}

export class InstanceSnapshots extends Family {
  async get(id: string, o?: CallOptions): Promise<InstanceSnapshot> {
    return this.core.get(apiPath`/vm-snapshots/${id}`, InstanceSnapshotSchema, undefined, o);
  }

  /** Instance snapshots of the region, optionally of one instance or one name. */
  list(o?: ListOptions & { virtualMachineId?: string; name?: string }): Paginator<InstanceSnapshot> {
    return new Paginator(this.core, {
      path: apiPath`/vm-snapshots`,
      query: { virtualMachineId: o?.virtualMachineId, name: o?.name },
      key: ["vmsnapshots", "vmSnapshot", "vmsnapshot"],
      item: InstanceSnapshotSchema,
      options: o,
    });
  }

  async listAll(
    o?: ListOptions & { virtualMachineId?: string; name?: string },
  ): Promise<ListResult<InstanceSnapshot>> {
    return this.list(o).all();
  }

  async create(input: CreateInstanceSnapshotInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.createJob(input, o, {
      path: apiPath`/vm-snapshots`,
      command: "instanceSnapshot.create",
      body: createInstanceSnapshotRequest,
      echoes: { name: "name", virtualMachineId: "virtualMachineId" },
      read: (id) => this.get(id, o),
    });
  }

  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", apiPath`/vm-snapshots/${id}`, "instanceSnapshot.delete", o);
  }
}

export type * from "./records";
