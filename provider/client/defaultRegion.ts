// The region a request without X-Region-Context runs in (spec, Regions): the primary region if one exists (and is
// active: an inactive one refuses every request), otherwise the first active one. The emulator routes the same way.

export function apiDefaultRegion<R extends { primary?: boolean; active?: boolean }>(
  regions: readonly R[],
): R | undefined {
  return regions.find((r) => r.primary && r.active !== false) ?? regions.find((r) => r.active !== false);
}
