// The records of the preferences family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";

/** The signed-in user's console preferences: one object of text values. */
export const PreferencesSchema = z.record(z.string(), z.string());
export type Preferences = z.output<typeof PreferencesSchema>;
