// The signed-in user's console preferences: GET /api/v1/preferences, one object of text values per user, not
// region-scoped (the spec names preferences among the data the service keeps; emulator/README.md has the
// route). Read only here: they are the person's settings, not infrastructure.

import { type Preferences, PreferencesSchema } from "../families/preferences/records";
import type { CallOptions } from "./core";
import { Family } from "./family";
import { apiPath } from "./paths";

export class UserPreferences extends Family {
  async get(o?: CallOptions): Promise<Preferences> {
    return this.core.get(apiPath`/preferences`, PreferencesSchema, undefined, o, "global");
  }
}
