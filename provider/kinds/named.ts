// What VPCs and networks share: a name and a description changed in place by one synchronous PUT, and the
// states of the platform's network resources.

import type { CallOptions } from "../client";
import { text } from "../lifecycle/check";
import type { Session } from "../lifecycle/session";
import { field, nameField } from "./common";

export const namedStates = {
  busy: ["Implementing", "Allocating", "Creating", "Destroying", "Restarting", "Shutdown"],
  gone: ["Destroyed", "Expunged"],
  deleting: "Destroying",
  failed: "Error",
};

/** `name` (required unless adopting) and `displayText`, both renamed in place. */
export function namedFields(noun: string) {
  return {
    name: nameField(noun, "update"),
    displayText: field(text("a description; the API uses the name when left out").optional(), {
      doc: `A description of the ${noun}; the API uses the name when left out.`,
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

/**
 * The apply hook of a kind whose in-place fields `keys` all go in one synchronous update call: it sends those
 * that changed (the others left out, so the API keeps them), and nothing when none did.
 */
export function applyChanged<const K extends string>(
  keys: readonly K[],
  send: (s: Session, id: string, changes: Partial<Record<K, string>>) => Promise<unknown>,
) {
  return async (
    s: Session,
    live: { id: string },
    want: Partial<Record<K, string | undefined>>,
    changed: ReadonlySet<string>,
  ) => {
    const put: Partial<Record<K, string>> = {};
    for (const k of keys) if (changed.has(k) && want[k] !== undefined) put[k] = want[k];
    if (Object.keys(put).length) await send(s, live.id, put);
  };
}

/** The apply hook of a named kind: one PUT with the names that differ. */
export function renameApply(rename: (s: Session) => Rename) {
  return applyChanged(["name", "displayText"], (s, id, put) => rename(s)(id, put, { region: s.region }));
}
