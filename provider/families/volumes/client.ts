// Volumes: /api/v1/volumes. POST /volumes takes its inputs as query parameters (JSON there is a 400 naming a
// missing parameter); create, attach, detach and resize are asynchronous (the spec's list); delete is done at
// once, as CloudStack's deleteVolume, and answers without a jobId (waiting on it returns at once), so a lost
// delete answer is resolved by reading the volume back, not by looking for a job.

import type { AcceptedMutation, CallOptions } from "../../client/core";
import { Family, type ListOptions, readOrUndefined } from "../../client/family";
import { type ListResult, Paginator } from "../../client/pagination";
import { apiPath } from "../../client/paths";
import type { Job } from "../../client/records";
import { type InputOf, optional, requestShape, required } from "../../client/requestShape";
import { type Volume, VolumeSchema } from "./records";

/** POST /volumes: query parameters (the API takes no body there). */
export const createVolumeRequest = requestShape({
  name: required<string>(),
  zoneId: required<string>(),
  diskOfferingId: required<string>(),
  /** GB; for customised disk offerings. From a snapshot: at least its size (default: its size). */
  size: optional<number>(),
  /** A BackedUp volume snapshot to make the volume from (in the snapshot's zone). */
  snapshotId: optional<string>(),
});
export type CreateVolumeInput = InputOf<typeof createVolumeRequest>;

/** POST /volumes/{id}/resize: query parameters. */
export const resizeVolumeRequest = requestShape({
  size: optional<number>(),
  diskOfferingId: optional<string>(),
});
export type ResizeVolumeInput = InputOf<typeof resizeVolumeRequest>;

const KEY = "volumes";

export class Volumes extends Family {
  async get(id: string, o?: CallOptions): Promise<Volume> {
    return this.core.get(apiPath`/volumes/${id}`, VolumeSchema, undefined, o);
  }

  /** The volume a successful job of it carries, when the API gives it (no read needed). */
  fromJob(job: Job | undefined, id: string): Volume | undefined {
    return this.resultOf(job, VolumeSchema, id);
  }

  list(o?: ListOptions): Paginator<Volume> {
    return new Paginator(this.core, { path: apiPath`/volumes`, key: KEY, item: VolumeSchema, options: o });
  }

  async listAll(o?: ListOptions): Promise<ListResult<Volume>> {
    return this.list(o).all();
  }

  async create(input: CreateVolumeInput, o?: CallOptions): Promise<AcceptedMutation> {
    return this.createJob(input, o, {
      path: apiPath`/volumes`,
      command: "volume.create",
      query: createVolumeRequest,
      echoes: { name: "name", zoneId: "zoneId", snapshotId: "snapshotId" },
      read: (id) => this.get(id, o),
    });
  }

  async attach(id: string, virtualMachineId: string, o?: CallOptions): Promise<AcceptedMutation> {
    const path = apiPath`/volumes/${id}/attach`;
    return this.jobOn(id, "POST", path, "volume.attach", o, { query: { virtualMachineId } });
  }

  async detach(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "POST", apiPath`/volumes/${id}/detach`, "volume.detach", o);
  }

  async resize(id: string, r: ResizeVolumeInput, o?: CallOptions): Promise<AcceptedMutation> {
    const query = resizeVolumeRequest.pick(r);
    return this.jobOn(id, "POST", apiPath`/volumes/${id}/resize`, "volume.resize", o, { query });
  }

  /**
   * deleteVolume is synchronous (no job to look for): a lost answer is resolved by reading the volume back.
   * Gone: the delete landed. Still there: it did not, and it is sent once more.
   */
  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.synchronous("DELETE", apiPath`/volumes/${id}`, undefined, o, async () =>
      (await readOrUndefined(() => this.get(id, o))) === undefined ? id : undefined,
    );
  }
}

export type * from "./records";
