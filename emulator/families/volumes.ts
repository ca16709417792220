// Volumes: create from query parameters, attach, detach, resize, delete; tags and comments.
import { defineFamily, apiRoute as r } from "../family";
import * as v from "../handlers/volumes";
import type { VolumeRec } from "../records";

export const volumes = defineFamily<VolumeRec>()({
  key: "volumes",
  label: "Volume",
  resourceType: "Volume",
  quota: { key: "volume", default: 2000, platformType: "volume" },
  states: { busy: ["Creating", "Resizing"], failed: "Error" },
  routes: [
    r("POST", "/volumes", v.createVolume),
    r("GET", "/volumes", v.listVolumes),
    r("GET", "/volumes/{id}", v.getVolume),
    r("DELETE", "/volumes/{id}", v.deleteVolume),
    r("POST", "/volumes/{id}/attach", v.attachVolume),
    r("POST", "/volumes/{id}/detach", v.detachVolume),
    r("POST", "/volumes/{id}/resize", v.resizeVolume),
  ],
  jobEffects: v.volumeJobEffects,
  // CloudStack's createVolume, attach, detach and resize set the VolumeResponse as the job's result.
  jobResult: (scope, r: VolumeRec) => v.volumeView(scope, r),
  tags: { collection: "/volumes", comments: { entityType: "VOLUME", deletable: true } },
});
