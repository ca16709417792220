// Volumes: create from query parameters, attach, detach, resize, delete; tags and comments.
import { collectionRoutes, defineFamily, apiRoute as r } from "../family";
import * as v from "../handlers/volumes";
import type { VolumeRec } from "../records";

export const volumes = defineFamily<VolumeRec>()({
  key: "volumes",
  label: "Volume",
  resourceType: "Volume",
  quota: { key: "volume", default: 2000, platformType: "volume" },
  states: { busy: ["Creating", "Resizing"], failed: "Error" },
  routes: [
    ...collectionRoutes("/volumes", {
      create: v.createVolume,
      list: v.listVolumes,
      get: v.getVolume,
      delete: v.deleteVolume,
    }),
    r("POST", "/volumes/{id}/attach", v.attachVolume),
    r("POST", "/volumes/{id}/detach", v.detachVolume),
    r("POST", "/volumes/{id}/resize", v.resizeVolume),
  ],
  jobEffects: v.volumeJobEffects,
  tags: { collection: "/volumes", comments: true, commentDelete: true },
});
