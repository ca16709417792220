// @ts-check
// How the console names a record, reads its state and links to it, whatever its family: records differ in
// which of these fields they have (an address has no name, a backup has a status, an ACL list no state).

/** @typedef {import("./types.js").Family} Family */

/** @param {any} row @returns {string} */
export function nameOf(row) {
  const name = row.name ?? row.displayName ?? row.ipAddress ?? row.cidr ?? row.id;
  return String(name ?? "");
}

/** The display name when it says more than the name (an instance's label). @param {any} row */
export function labelOf(row) {
  return row.displayName && row.displayName !== row.name ? String(row.displayName) : "";
}

/** @param {any} row @returns {string | undefined} */
export function stateOf(row) {
  const state = row?.state ?? row?.status;
  return state === undefined || state === null ? undefined : String(state);
}

/** @param {string} regionId @param {string} familyKey @param {string} id */
export function recordHref(regionId, familyKey, id) {
  return `#/r/${encodeURIComponent(regionId)}/${encodeURIComponent(familyKey)}/${encodeURIComponent(id)}`;
}

/**
 * The family an audit row's route belongs to: the one whose collection path is the longest prefix of it (so
 * /loadbalancer/internal/{id} is an internal balancer, though both balancer families share a resource type).
 * @param {Family[]} families
 * @param {string} route
 * @returns {Family | undefined}
 */
export function familyOfRoute(families, route) {
  let best;
  for (const f of families) {
    if ((route === f.list || route.startsWith(`${f.list}/`)) && (!best || f.list.length > best.list.length)) {
      best = f;
    }
  }
  return best;
}
