// @ts-check
// The console's one way to the server: the same /api/v1 (and /_emulator) routes every client uses, with the
// same Authorization: Bearer header and X-Region-Context. A 401 anywhere ends the session (onUnauthorized).

/** The server refused the token (401): the session is over. */
export class AuthError extends Error {}

/** Any other answer outside 2xx, with the API's error body. */
export class ApiError extends Error {
  /** @param {number} status @param {any} body @param {string} what */
  constructor(status, body, what) {
    const message = body && typeof body === "object" && body.message ? body.message : String(body ?? "");
    super(`${what} → ${status}${message ? `: ${message}` : ""}`);
    this.status = status;
    this.body = body;
  }
}

/** The largest page the API serves (lists page at most 200 rows). */
const PAGE_SIZE = 200;
/** A list longer than this many pages is cut: the console is for looking, not for bulk reads. */
const MAX_PAGES = 50;

export class Api {
  /**
   * @param {string} token
   * @param {(message: string) => void} onUnauthorized
   */
  constructor(token, onUnauthorized) {
    this.token = token;
    this.onUnauthorized = onUnauthorized;
    /** The region of every request (X-Region-Context); empty: the API's default region. */
    this.region = "";
  }

  /**
   * @param {string} method
   * @param {string} path absolute path, e.g. /api/v1/vpcs
   * @param {{query?: Record<string, string | number>, body?: unknown, region?: string}} [opts]
   * @returns {Promise<any>}
   */
  async request(method, path, opts = {}) {
    const url = new URL(path, window.location.origin);
    for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
    /** @type {Record<string, string>} */
    const headers = { authorization: `Bearer ${this.token}`, accept: "application/json" };
    const region = opts.region ?? this.region;
    if (region) headers["x-region-context"] = region;
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(url, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      cache: "no-store",
    });
    const text = await res.text();
    let body;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    if (res.status === 401) {
      const message = body?.message ?? "The token was refused";
      this.onUnauthorized(message);
      throw new AuthError(message);
    }
    if (!res.ok) throw new ApiError(res.status, body, `${method} ${url.pathname}`);
    return body;
  }

  /** @param {string} path @param {Record<string, string | number>} [query] */
  get(path, query) {
    return this.request("GET", path, { query });
  }

  /**
   * Every row of a list, following its pages: the paged envelope (content) and the pass-through one (a key
   * named after the resource) carry totalElements; a bare array or an unpaged envelope is one answer.
   * @param {string} path
   * @param {Record<string, string | number>} [query] what the list is asked besides its page
   * @returns {Promise<any[]>}
   */
  async listAll(path, query = {}) {
    const rows = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const body = await this.get(path, { ...query, page, pageSize: PAGE_SIZE });
      const chunk = rowsOf(body);
      rows.push(...chunk);
      const total = body && typeof body === "object" ? body.totalElements : undefined;
      if (typeof total !== "number" || rows.length >= total || chunk.length === 0) break;
    }
    return rows;
  }
}

/**
 * The rows of a list answer, looked for in the spec's order: a content key, then the key named after the
 * resource (the envelope's one array), then the body itself as an array.
 * @param {any} body
 * @returns {any[]}
 */
export function rowsOf(body) {
  if (Array.isArray(body?.content)) return body.content;
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const key = Object.keys(body).find((k) => Array.isArray(body[k]));
    if (key) return body[key];
  }
  return Array.isArray(body) ? body : [];
}
