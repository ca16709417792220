// Networks: isolated networks, VPC tiers and the shared zone defaults (readable by all, changeable by none).
import { collection, defineFamily, apiRoute as r } from "../../family";
import * as n from "./networks";

export const networks = defineFamily({
  key: "networks",
  label: "Network",
  resourceType: "Network",
  quota: { key: "network", default: 20, platformType: "network" },
  states: { busy: ["Implementing", "Destroying"], failed: "Error" },
  routes: [...collection("/networks", n), r("POST", "/networks/{id}/restart", n.restart)],
  jobEffects: n.networkJobEffects,
  tags: {
    collection: "/networks",
    comments: { entityType: "NETWORK" },
    find: (ctx, id, change) => (change ? n.findNetwork(ctx, id) : n.networkById(ctx, id)),
  },
});
