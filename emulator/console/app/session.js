// @ts-check
// What the console reads from a token (never checks: the server does) and the local token of the sign-in's
// prefill. The token lives in this page's memory only: a reload or a new tab signs in again.

/**
 * The claims of a JWT, read without verifying it: who, until when, which permissions. Undefined when the text
 * is not a JWT.
 * @param {string} token
 * @returns {{sub?: string, exp?: number, permissions: string[]} | undefined}
 */
export function claimsOf(token) {
  const part = token.split(".")[1];
  if (!part) return undefined;
  try {
    const json = atob(
      part
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(part.length / 4) * 4, "="),
    );
    const claims = JSON.parse(json);
    const permissions = Array.isArray(claims.permissions)
      ? claims.permissions.filter((/** @type {unknown} */ p) => typeof p === "string")
      : [];
    return { sub: claims.sub, exp: claims.exp, permissions };
  } catch {
    return undefined;
  }
}

/**
 * The emulator's own token for this data dir, which it gives only to a browser on this machine that names it
 * by a loopback address; undefined anywhere else (the server answers 403) or when the server has none.
 * @returns {Promise<string | undefined>}
 */
export async function localToken() {
  try {
    const res = await fetch("/console/local-token", { cache: "no-store" });
    if (!res.ok) return undefined;
    const body = await res.json();
    return typeof body.token === "string" ? body.token : undefined;
  } catch {
    return undefined;
  }
}
