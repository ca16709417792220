// Multi-region groups and their VPC members (multiRegions.ts beside it): the spec's /multi-regions
// routes, its quota route, and jobs for what touches the platform (joining, leaving, deleting a group).
import { collection, defineFamily, RULE_BUSY, apiRoute as r } from "../../family";
import * as m from "./multiRegions";

export const multiRegionGroups = defineFamily({
  key: "multiRegionGroups",
  label: "Multi-region group",
  resourceType: "MultiRegionGroup",
  states: { busy: ["Revoke"] },
  routes: [
    r("GET", "/multi-regions/quota", m.multiRegionQuota, "user"),
    ...collection("/multi-regions", m),
    r("POST", "/multi-regions/{id}/vpcs", m.addVpc),
    r("GET", "/multi-regions/{id}/vpcs", m.listGroupVpcs),
  ],
  jobEffects: m.multiRegionJobEffects,
});

export const multiRegionMembers = defineFamily({
  key: "multiRegionMembers",
  label: "Multi-region group member",
  resourceType: "MultiRegionGroupVpc",
  // a membership is applied like a rule: Add while its join job runs, Revoke while its removal job runs; a
  // failed join is Error
  states: { busy: RULE_BUSY, failed: "Error" },
  routes: collection(
    "/multi-regions/members",
    { list: m.listMembers, get: m.getMember, remove: m.removeMember },
    { item: "memberId" },
  ),
});
