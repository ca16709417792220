// Volumes: create from query parameters, attach, detach, resize, delete; tags and comments.
import { actions, collection, defineFamily } from "../family";
import * as v from "../handlers/volumes";
import type { VolumeRec } from "../records";

export const volumes = defineFamily<VolumeRec>()({
  key: "volumes",
  label: "Volume",
  resourceType: "Volume",
  quota: { key: "volume", default: 2000, platformType: "volume" },
  states: { busy: ["Creating", "Resizing"], failed: "Error" },
  routes: [...collection("/volumes", v), ...actions("/volumes", v.actions)],
  jobEffects: v.volumeJobEffects,
  tags: { collection: "/volumes", comments: { entityType: "VOLUME", deletable: true } },
});
