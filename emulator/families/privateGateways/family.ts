// VPC private gateways and the static routes through them: CloudStack's createPrivateGateway /
// deletePrivateGateway / listPrivateGateways and createStaticRoute / deleteStaticRoute / listStaticRoutes,
// each change a job; a gateway's ACL list is replaced in place (replaceNetworkACLList with a gateway id).
import { collection, defineFamily, RULE_BUSY, apiRoute as r } from "../../family";
import * as g from "./privateGateways";

export const privateGateways = defineFamily({
  key: "privateGateways",
  label: "Private gateway",
  resourceType: "PrivateGateway",
  states: { busy: ["Creating", "Deleting"] },
  routes: [
    ...collection("/vpcs/private-gateways", g),
    r("POST", "/vpcs/private-gateways/{id}/replace-acl", g.replaceGatewayAcl),
  ],
  jobEffects: g.gatewayJobEffects,
});

export const staticRoutes = defineFamily({
  key: "staticRoutes",
  label: "Static route",
  resourceType: "StaticRoute",
  states: { busy: RULE_BUSY },
  routes: collection("/vpcs/static-routes", {
    create: g.createStaticRoute,
    list: g.listStaticRoutes,
    remove: g.deleteStaticRoute,
  }),
  taggedAs: [{ type: "StaticRoute" }],
});
