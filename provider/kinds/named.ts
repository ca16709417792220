// What VPCs and networks share: a name and a description changed in place by one synchronous PUT, and the
// states of the platform's network resources.

import type { CallOptions } from "../client";
import { text } from "../lifecycle/check";
import type { Session } from "../lifecycle/session";
import { field } from "./common";

export const namedStates = {
  busy: ["Implementing", "Allocating", "Creating", "Destroying", "Restarting", "Shutdown"],
  gone: ["Destroyed", "Expunged"],
  deleting: "Destroying",
  failed: "Error",
};

/** A `name` changed in place, required unless adopting (the SDK defaults it to the resource name). */
export function nameField(noun: string) {
  return field(text(`the ${noun}'s name (the SDK defaults it to the resource name)`).optional(), {
    change: "update",
    live: true,
    requiredUnlessAdopting: `the ${noun}'s name`,
    present: true,
  });
}

/** `name` (required unless adopting) and `displayText`, both renamed in place. */
export function namedFields(noun: string) {
  return {
    name: nameField(noun),
    displayText: field(text("a description; the API uses the name when left out").optional(), {
      change: "update",
      live: true,
      present: true,
    }),
  };
}

type Rename = (
  id: string,
  changes: { name?: string; displayText?: string },
  o?: CallOptions,
) => Promise<unknown>;

/** The apply hook of a named kind: one PUT with the names that differ. */
export function renameApply(rename: (s: Session) => Rename) {
  return async (
    s: Session,
    live: { id: string },
    want: { name?: string; displayText?: string },
    changed: ReadonlySet<string>,
  ) => {
    const put = {
      name: changed.has("name") ? want.name : undefined,
      displayText: changed.has("displayText") ? want.displayText : undefined,
    };
    if (put.name !== undefined || put.displayText !== undefined)
      await rename(s)(live.id, put, { region: s.region });
  };
}
