// Volumes: create from query parameters, attach, detach, resize, delete; tags and comments.
import { collection, defineFamily, apiRoute as r } from "../family";
import * as v from "../handlers/volumes";
import type { VolumeRec } from "../records";

export const volumes = defineFamily<VolumeRec>()({
  key: "volumes",
  label: "Volume",
  resourceType: "Volume",
  quota: { key: "volume", default: 2000, platformType: "volume" },
  states: { busy: ["Creating", "Resizing"], failed: "Error" },
  routes: [
    ...collection("/volumes", v),
    r("POST", "/volumes/{id}/attach", v.attachVolume),
    r("POST", "/volumes/{id}/detach", v.detachVolume),
    r("POST", "/volumes/{id}/resize", v.resizeVolume),
  ],
  jobEffects: v.volumeJobEffects,
  tags: { collection: "/volumes", comments: { entityType: "VOLUME", deletable: true } },
});
