// Paths and query strings. Every identifier placed in a path goes through `apiPath`, which refuses empty
// values (DELETE /volumes/ would hit a different route) and percent-encodes the rest (no "../" tricks).

import { ConfigurationError } from "./errors";

/** A path under /api/v1 built by `apiPath`. */
export type ApiPath = `/api/v1/${string}`;

/** Organization routes: the only paths on which X-Tenant-Context may be sent. */
export type TenantPath = "/api/v1/tenants" | `/api/v1/tenants/${string}` | `/api/v1/invitations${string}`;

const TENANT_PATH = /^\/api\/v1\/(?:tenants(?:\/|$)|invitations(?:\/|$))/;

export function isTenantPath(path: string): path is TenantPath {
  return TENANT_PATH.test(path);
}

/** Tagged template: apiPath`/compute/instances/${id}/stop` → "/api/v1/compute/instances/<encoded id>/stop". */
export function apiPath(strings: TemplateStringsArray, ...values: string[]): ApiPath {
  let out = strings[0];
  values.forEach((value, i) => {
    out += pathSegment(value, strings.join("{id}")) + strings[i + 1];
  });
  return `/api/v1${out}` as ApiPath;
}

/** An identifier as one path segment: refused when empty, percent-encoded otherwise. */
function pathSegment(value: string, route: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new ConfigurationError(
      `A resource identifier in ${route} is empty; pass the id of an existing resource.`,
    );
  }
  return encodeURIComponent(value);
}

/**
 * A resource under a collection the client names itself (a constant such as "/volumes", for routes every
 * collection shares, e.g. tags and comments): `${root}/${id}${rest}`, the id checked and encoded as by apiPath.
 */
export function underCollection(root: `/${string}`, id: string, rest: "" | `/${string}` = ""): ApiPath {
  return `/api/v1${root}/${pathSegment(id, `${root}/{id}${rest}`)}${rest}` as ApiPath;
}

/** Tagged template for organization routes: tenantPath`/my-limits` → "/api/v1/tenants/my-limits". */
export function tenantPath(strings: TemplateStringsArray, ...values: string[]): TenantPath {
  const p = apiPath(strings, ...values);
  return `/api/v1/tenants${p.slice("/api/v1".length)}` as TenantPath;
}

export type QueryValue = string | number | boolean | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** "?a=1&b=x" with undefined values left out, or "" when nothing is set. */
export function queryString(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.append(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** Region ids and membership ids go into headers: refuse anything that is not a plain identifier. */
export function headerIdentifier(name: string, value: string): string {
  if (typeof value !== "string" || !/^[A-Za-z0-9._:-]{1,128}$/.test(value)) {
    throw new ConfigurationError(
      `${name} ${JSON.stringify(String(value).slice(0, 64))} is not a valid identifier; use a region uuid from GET /api/v1/regions (cim:region or the resource's region input).`,
    );
  }
  return value;
}
