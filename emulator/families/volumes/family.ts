// Volumes: create from query parameters, attach, detach, resize, delete; tags and comments.
import { actions, collection, defineFamily } from "../../family";
import type { VolumeRec } from "./records";
import * as v from "./volumes";

export const volumes = defineFamily({
  key: "volumes",
  label: "Volume",
  resourceType: "Volume",
  quota: { key: "volume", default: 20, platformType: "volume" },
  states: { busy: ["Creating", "Resizing"], failed: "Error" },
  routes: [...collection("/volumes", v), ...actions("/volumes", v.actions)],
  jobEffects: v.volumeJobEffects,
  // CloudStack's createVolume, attach, detach and resize set the VolumeResponse as the job's result.
  jobResult: (scope, r: VolumeRec) => v.volumeView(scope, r),
  tags: { collection: "/volumes", comments: { entityType: "VOLUME", deletable: true } },
});
