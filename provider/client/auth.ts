// Bearer credential handling. The token lives only inside the closure built by `createCredential`: it is not
// a property of any object, so it cannot leak through JSON.stringify, util.inspect, error objects or logs.
// The preflight decodes (does not verify) the JWT so an obviously unusable token fails before any call.

import { createHash } from "node:crypto";
import { ConfigurationError, TokenError } from "./errors";
import { formatAge, type TokenSource, tokenAdvice, tokenSetting } from "./tokenText";

/** Non-secret claims of the token, for diagnostics and preflight. */
export interface TokenClaims {
  subject?: string;
  audience?: string[];
  expiresAt?: Date;
  issuedAt?: Date;
  /** The token carries claims typical of an OpenID identity token (nonce, at_hash). */
  looksLikeIdToken: boolean;
  /**
   * The token's permissions claim (spec, Authentication 8), when it is a list of texts; `service:admin`
   * (ADMIN_PERMISSION) marks an administrator.
   */
  permissions?: readonly string[];
}

/** The permission of administrators (spec, Authentication 8): the platform lets only them do some things. */
export const ADMIN_PERMISSION = "service:admin";

export interface Credential {
  readonly claims: TokenClaims;
  /** Where the token came from (cim:token or CIM_TOKEN), when the caller said. */
  readonly source?: TokenSource;
  /**
   * A digest of the token (SHA-256, cut short): tells two credentials apart (the circuit's scope) without
   * holding the token.
   */
  readonly digest: string;
  /** Throws TokenError when the token has expired by `now`. */
  assertUsable(now?: number): void;
  /** The Authorization header value. Only the transport calls this. */
  authorization(): string;
  /** Replaces every occurrence of the token in a text (defence in depth for server-echoed text). */
  redact(text: string): string;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

function decodePart(part: string, which: string, source?: TokenSource): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
  } catch {
    throw malformed(`its ${which} is not base64url-encoded JSON`, source);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw malformed(`its ${which} is not a JSON object`, source);
  }
  return parsed as Record<string, unknown>;
}

function malformed(why: string, source?: TokenSource): TokenError {
  return new TokenError(
    "malformed",
    `The API token (${tokenSetting(source)}) is not a usable JWT: ${why}. Copy the access token (three dot-separated parts) from a console sign-in and ${tokenAdvice(source)}.`,
  );
}

/** Decodes the JWT payload without verifying it. Throws TokenError("malformed"). */
export function decodeToken(token: string, source?: TokenSource): TokenClaims {
  const parts = token.split(".");
  if (parts.length === 5)
    throw malformed("it is an encrypted token (JWE, five parts); the API needs a signed JWT", source);
  if (parts.length !== 3)
    throw malformed(`expected three dot-separated parts, found ${parts.length}`, source);
  if (!B64URL.test(parts[0]) || !B64URL.test(parts[1]))
    throw malformed("it contains characters outside base64url", source);
  const header = decodePart(parts[0], "header", source);
  if (typeof header.alg !== "string") throw malformed("its header has no alg", source);
  const payload = decodePart(parts[1], "payload", source);
  const num = (k: string) => {
    const v = payload[k];
    if (v === undefined) return undefined;
    if (typeof v !== "number" || !Number.isFinite(v))
      throw malformed(`its "${k}" claim is not a number`, source);
    return new Date(v * 1000);
  };
  const aud = payload.aud;
  let audience: string[] | undefined;
  if (typeof aud === "string") audience = [aud];
  else if (Array.isArray(aud) && aud.every((a) => typeof a === "string")) audience = aud as string[];
  else if (aud !== undefined)
    throw malformed('its "aud" claim is neither a string nor a list of strings', source);
  return {
    subject: typeof payload.sub === "string" ? payload.sub : undefined,
    audience,
    expiresAt: num("exp"),
    issuedAt: num("iat"),
    looksLikeIdToken: "nonce" in payload || "at_hash" in payload,
    // Not a reason to refuse the token: the API reads this claim, the client only reports it.
    permissions:
      Array.isArray(payload.permissions) && payload.permissions.every((p) => typeof p === "string")
        ? Object.freeze([...(payload.permissions as string[])])
        : undefined,
  };
}

/**
 * Builds the credential. Checks format and (when `expectedAudience` is set) the audience now; expiry is
 * checked before every call by `assertUsable`, because a long deployment can outlive the token.
 */
export function createCredential(
  rawToken: string,
  expectedAudience?: string,
  source?: TokenSource,
): Credential {
  if (typeof rawToken !== "string" || rawToken.trim() === "") {
    throw malformed("it is empty (set cim:token or CIM_TOKEN)", source);
  }
  // Tolerate a pasted "Bearer " prefix and surrounding whitespace.
  const token = rawToken.trim().replace(/^Bearer\s+/i, "");
  const claims = Object.freeze(decodeToken(token, source));
  if (expectedAudience !== undefined && !(claims.audience ?? []).includes(expectedAudience)) {
    const kind = claims.looksLikeIdToken
      ? " It looks like an identity (ID) token, which the API refuses."
      : "";
    throw new TokenError(
      "audience",
      `The API token (${tokenSetting(source)}) was issued for audience ${JSON.stringify((claims.audience ?? []).join(",") || "(none)")}, but cim:audience is ${JSON.stringify(expectedAudience)}: it is an identity token or a token for another application.${kind} Use the access token issued for the API.`,
    );
  }
  const header = `Bearer ${token}`;
  return Object.freeze({
    claims,
    source,
    digest: createHash("sha256").update(token).digest("hex").slice(0, 16),
    assertUsable(now = Date.now()) {
      const exp = claims.expiresAt;
      if (exp && exp.getTime() <= now) {
        throw new TokenError(
          "expired",
          `The API token (${tokenSetting(source)}) expired at ${exp.toISOString()} (${formatAge(now - exp.getTime())} ago). Tokens cannot be refreshed outside the browser: sign in to the console again, copy a fresh access token and ${tokenAdvice(source)}.`,
          exp,
        );
      }
    },
    authorization: () => header,
    redact: (text: string) => (text.includes(token) ? text.split(token).join("[redacted]") : text),
  });
}

const LOOPBACK_V4 = /^127(?:\.\d{1,3}){3}$/;

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || LOOPBACK_V4.test(h);
}

/**
 * Validates the base URL: absolute, https (http only for loopback hosts), no credentials, no query.
 * Returns the origin plus path prefix without a trailing slash or a trailing /api/v1.
 */
export function normaliseBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigurationError(
      `cim:baseUrl ${JSON.stringify(baseUrl)} is not an absolute URL; set it to the API's address, for example https://api.example.com.`,
    );
  }
  if (url.username || url.password) {
    throw new ConfigurationError(
      "cim:baseUrl must not carry credentials (user:password@); the API takes only a bearer token in cim:token.",
    );
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    throw new ConfigurationError(
      `cim:baseUrl uses http:// for ${url.hostname}; the API is HTTPS only (http is allowed only for loopback hosts such as the local emulator). Use https://${url.host}${url.pathname === "/" ? "" : url.pathname}.`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigurationError(`cim:baseUrl must be an https:// URL, not ${url.protocol}//.`);
  }
  if (url.search || url.hash) {
    throw new ConfigurationError("cim:baseUrl must not have a query string or fragment.");
  }
  const path = url.pathname.replace(/\/+$/, "").replace(/\/api\/v1$/, "");
  return `${url.origin}${path}`;
}
