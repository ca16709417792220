// What the console needs to know about the API, derived from the registry of families and the job engine, so a
// new family shows up in the console without a list to edit. It is a description of routes, no data: every
// record the console shows comes from the /api/v1 routes with the user's bearer token.
import { ADMIN_PERMISSION } from "../auth";
import { FAMILIES } from "../families";
import type { AnyFamily } from "../family";
import { fieldsOf } from "../handlers/views";
import { RAW_STATES } from "../jobs";

export interface ConsoleFamily {
  key: string;
  label: string;
  resourceType?: string;
  /** GET route of the family's collection, e.g. /api/v1/volumes. */
  list: string;
  /** GET route of one record, `{id}` standing for its id; absent when the API reads records only in lists. */
  item?: string;
  /** States in which a job is under way on a record (the console refreshes the list while one shows). */
  busy: string[];
}

export interface ConsoleMeta {
  /** Families with a list route, in registry order. */
  families: ConsoleFamily[];
  /** Families the API cannot list (no collection route): named, so the console says why they are absent. */
  unlisted: { key: string; label: string }[];
  /** The job's raw platform state by its `statusCode`. */
  rawStates: Record<string, string>;
  adminPermission: string;
}

const hasParam = (path: string) => path.includes("{");

/** `/api/v1/volumes/{id}` → `/api/v1/volumes` when the last segment is a parameter, else undefined. */
function collectionOf(path: string): string | undefined {
  const m = /^(.*)\/\{\w+\}$/.exec(path);
  return m && !hasParam(m[1]) ? m[1] : undefined;
}

/**
 * A family's collection route: the GET route without parameters that has records under it (`<path>/{id}`, any
 * method), e.g. /compute/instances rather than /compute/instances/all or /compute/kubernetes/versions; failing
 * that, its only GET route without parameters (instance groups, read in one answer).
 */
export function listRoutes(f: AnyFamily): { list: string; item?: string } | undefined {
  const routes = f.routes ?? [];
  const gets = routes.filter((r) => r.method === "GET" && !hasParam(r.path)).map((r) => r.path);
  const parents = new Set(routes.map((r) => collectionOf(r.path)).filter((p) => p !== undefined));
  const list = gets.find((p) => parents.has(p)) ?? (gets.length === 1 ? gets[0] : undefined);
  if (!list) return undefined;
  const item = routes.find((r) => r.method === "GET" && collectionOf(r.path) === list)?.path;
  return { list, item: item?.replace(/\{\w+\}$/, "{id}") };
}

export function consoleMeta(families: readonly AnyFamily[] = FAMILIES): ConsoleMeta {
  const listed: ConsoleFamily[] = [];
  const unlisted: ConsoleMeta["unlisted"] = [];
  for (const f of families) {
    const routes = listRoutes(f);
    if (!routes) {
      unlisted.push({ key: f.key, label: f.label });
      continue;
    }
    listed.push({
      ...fieldsOf(f, ["key", "label", "resourceType"]),
      ...routes,
      busy: [...(f.states?.busy ?? [])],
    });
  }
  const rawStates = Object.fromEntries(
    Object.entries(RAW_STATES).map(([name, code]) => [String(code), name]),
  );
  return { families: listed, unlisted, rawStates, adminPermission: ADMIN_PERMISSION };
}
