// VPCs: create, read, update by query, delete, restart; tags and comments.
import { collection, defineFamily, apiRoute as r } from "../../family";
import * as v from "./vpcs";

export const vpcs = defineFamily({
  key: "vpcs",
  label: "VPC",
  resourceType: "Vpc",
  quota: { key: "vpc", default: 20, platformType: "vpc" },
  states: { busy: ["Implementing", "Destroying"], failed: "Error" },
  routes: [...collection("/vpcs", v), r("POST", "/vpcs/{vpcId}/restart", v.restart)],
  jobEffects: v.vpcJobEffects,
  tags: { collection: "/vpcs", comments: { entityType: "VPC" } },
});
