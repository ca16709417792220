// VPCs: create, read, update by query, delete, restart; tags and comments.
import { defineFamily, apiRoute as r } from "../family";
import * as v from "../handlers/vpcs";
import type { VpcRec } from "../records";

export const vpcs = defineFamily<VpcRec>()({
  key: "vpcs",
  label: "VPC",
  resourceType: "Vpc",
  quota: { key: "vpc", default: 100, platformType: "vpc" },
  states: { busy: ["Implementing", "Destroying"], failed: "Error" },
  routes: [
    r("POST", "/vpcs", v.createVpc),
    r("GET", "/vpcs", v.listVpcs),
    r("GET", "/vpcs/{id}", v.getVpc),
    r("PUT", "/vpcs/{id}", v.updateVpc),
    r("DELETE", "/vpcs/{id}", v.deleteVpc),
    r("POST", "/vpcs/{vpcId}/restart", v.restartVpc),
  ],
  jobEffects: v.vpcJobEffects,
  tags: { collection: "/vpcs", comments: { entityType: "VPC" } },
});
