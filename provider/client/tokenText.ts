// How messages speak of the token: the setting it came from, how to put a fresh one there, and how long ago
// it expired. Never the token itself.

/**
 * Where the token came from: the stack config (cim:token), the environment (CIM_TOKEN), or an explicit
 * provider's `token` input (the native path).
 */
export type TokenSource = "stack" | "env" | { provider: string };

/** How messages name the token's setting: the one it came from, both when that is not known. */
export function tokenSetting(source: TokenSource | undefined): string {
  if (typeof source === "object") return `the token of provider "${source.provider}"`;
  return source === "stack" ? "cim:token" : source === "env" ? "CIM_TOKEN" : "cim:token / CIM_TOKEN";
}

/** How to put a fresh token where this one came from. */
export function tokenAdvice(source: TokenSource | undefined): string {
  if (typeof source === "object") return `give it to provider "${source.provider}" (its secret token input)`;
  return source === "stack"
    ? "set it with `pulumi config set --secret cim:token`"
    : source === "env"
      ? "set it in the CIM_TOKEN environment variable"
      : "set it with `pulumi config set --secret cim:token` (or in CIM_TOKEN)";
}

/** "2 s", "3 min", "2 h 5 min", "3 d": how long ago (or ahead) a moment is, rounded down. */
export function formatAge(ms: number): string {
  const s = Math.floor(Math.abs(ms) / 1000);
  if (s < 60) return `${s} s`;
  const min = Math.floor(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 48) return `${h} h${min % 60 ? ` ${min % 60} min` : ""}`;
  return `${Math.floor(h / 24)} d`;
}
