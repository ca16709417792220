// Instance groups: CloudStack's createInstanceGroup, listInstanceGroups, updateInstanceGroup and
// deleteInstanceGroup, all synchronous; the list is the spec's multi-region read (instancegroups, count,
// regionErrors), so it runs for the user, not for one routed region.
import { collection, defineFamily, apiRoute as r } from "../../family";
import * as g from "./instanceGroups";

export const instanceGroups = defineFamily({
  key: "instanceGroups",
  label: "Instance group",
  resourceType: "InstanceGroup",
  routes: [r("GET", "/instance-groups", g.listInstanceGroups, "user"), ...collection("/instance-groups", g)],
  seed: g.seed,
});
