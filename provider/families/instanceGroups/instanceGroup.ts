// cim.InstanceGroup: a named group of instances in one region (the platform's createInstanceGroup,
// updateInstanceGroup, deleteInstanceGroup: synchronous). Instances join it by its name (cim.Instance's `group`,
// the platform's model: an instance is in one group at most), so the group itself holds nothing but its name,
// renamed in place. Its reads go through the spec's multi-region list narrowed to the group's region; a region
// that list could not read is an error, never a group that is gone.

import type { InstanceGroup } from "../../client";
import { commonFields, created, nameField, uniqueName } from "../../kinds/common";
import { defineKind } from "../../kinds/define";
import { examples, outputOf, resource, templateInstance } from "../../kinds/examples";
import { defaultRegion, type Session } from "../../lifecycle/session";

/** The group's region: the recorded one, else the API default (without a region the list reads every region). */
const regionOf = async (s: Session) => ({ region: await defaultRegion(s) });

export const instanceGroup = defineKind({
  name: "InstanceGroup",
  noun: "instance group",
  summary: "A named group of instances in one region; instances join it by name (cim.Instance group).",
  ...examples(
    [
      "zoneId",
      "templateId",
      "serviceOfferingId",
      resource("InstanceGroup", "web-servers", {}, { as: "group" }),
    ],
    `[1, 2, 3].map((n) => new cim.Instance("web-" + n, { zoneId, templateId, serviceOfferingId, group: group.name }));`,
    {
      resources: `
# TypeScript's loop, written out
${[1, 2, 3].map((n) => templateInstance(`web-${n}`, { group: outputOf("group.name") }).yaml.resources).join("\n")}
`,
    },
  ),
  nameFromResource: true,
  fields: {
    ...commonFields,
    name: {
      ...nameField("instance group", "update"),
      doc: "The instance group's name, unique in the account and region (default: the resource name); instances name it in `group`.",
      changeNote: "its instances follow",
    },
  },
  outputs: {
    created,
  },
  exclusive: [uniqueName("instance group", "group names are unique per account in a region")],
  api: {
    get: async (s, id) => s.client.instanceGroups.get(id, await regionOf(s)),
    list: async (s) =>
      (await s.client.instanceGroups.inRegion(await regionOf(s))).filter(
        (g): g is InstanceGroup & { id: string } => typeof g.id === "string",
      ),
    create: (s, i) => s.client.instanceGroups.create({ name: i.name ?? "" }, { region: s.region }),
    async apply(s, live, want, changed) {
      if (changed.has("name") && want.name)
        await s.client.instanceGroups.rename(live.id, want.name, { region: s.region });
    },
    delete: (s, live) => s.client.instanceGroups.delete(live.id, { region: s.region }),
  },
  importer: { order: 6, prefix: "group" },
});

/**
 * Before an instance joins a group by name: the group must exist in the instance's region. The platform would
 * otherwise make an empty group of that name (its addInstanceToGroup does), outside the program.
 */
export async function mustBeAGroup(s: Session, name: string): Promise<void> {
  const o = await regionOf(s);
  if (await s.client.instanceGroups.named(name, o)) return;
  throw new Error(
    `group: no instance group named "${name}" in region ${o.region ?? "(the API default)"}; the platform would make a new, empty one of that name. Declare a cim.InstanceGroup in the instance's region and pass its name output, or correct the name.`,
  );
}
