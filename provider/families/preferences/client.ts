// The signed-in user's console preferences: GET /api/v1/preferences, one object of text values per user, not
// region-scoped (the spec names preferences among the data the service keeps; emulator/README.md has the
// route). Read only here: they are the person's settings, not infrastructure.

import type { CallOptions } from "../../client/core";
import { Family } from "../../client/family";
import { apiPath } from "../../client/paths";
import { type Preferences, PreferencesSchema } from "./records";

export class UserPreferences extends Family {
  async get(o?: CallOptions): Promise<Preferences> {
    return this.core.get(apiPath`/preferences`, PreferencesSchema, undefined, o, "global");
  }
}

export type * from "./records";
