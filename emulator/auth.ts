// Token minting and verification: ES256 keys kept in the data dir; verified tokens cached by value.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type CryptoKey,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from "jose";
import { unauthorized } from "./http";

/** The fixed audience every API token must carry (not the base URL). */
export const AUDIENCE = "cim-api";
export const ISSUER = "cim-emulator";
export const ADMIN_PERMISSION = "service:admin";

export interface TokenOptions {
  sub?: string;
  ttlSeconds?: number;
  aud?: string;
  admin?: boolean;
}

export interface Claims {
  sub: string;
  exp: number;
  permissions: string[];
}

interface KeyFile {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

const CACHE_MAX = 2000;
const JWT_SHAPE = /^eyJ[\w-]*\.[\w-]*\.[\w-]*$/;

async function loadOrCreateKeys(dataDir: string): Promise<KeyFile> {
  const file = join(dataDir, "keys.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as KeyFile;
  mkdirSync(dataDir, { recursive: true });
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const keys: KeyFile = {
    kid: `emu-${Date.now().toString(36)}`,
    privateJwk: await exportJWK(privateKey),
    publicJwk: await exportJWK(publicKey),
  };
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(keys), { mode: 0o600 });
  // Another process may have created the file meanwhile; keep whichever landed first.
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as KeyFile;
  renameSync(tmp, file);
  return keys;
}

export class TokenService {
  /** token string → claims; a token's signature is checked once, its expiry on every use. */
  private verified = new Map<string, Claims>();

  private constructor(
    private readonly kid: string,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
  ) {}

  static async open(dataDir: string): Promise<TokenService> {
    const keys = await loadOrCreateKeys(dataDir);
    const privateKey = (await importJWK(keys.privateJwk, "ES256")) as CryptoKey;
    const publicKey = (await importJWK(keys.publicJwk, "ES256")) as CryptoKey;
    return new TokenService(keys.kid, privateKey, publicKey);
  }

  async sign(opts: TokenOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ permissions: opts.admin ? [ADMIN_PERMISSION] : [] })
      .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: this.kid })
      .setSubject(opts.sub ?? "user-1")
      .setAudience(opts.aud ?? AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + (opts.ttlSeconds ?? 3600))
      .sign(this.privateKey);
  }

  /**
   * Checks signature, expiry and audience; every failure is a 401 that never echoes the token. Expiry is judged on
   * the server's clock, `nowMs`: a server whose clock runs ahead refuses a token sooner, as a real one does.
   */
  async verify(token: string, nowMs = Date.now()): Promise<Claims> {
    const nowSec = nowMs / 1000;
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.exp <= nowSec)
        throw unauthorized(`Token expired at ${new Date(cached.exp * 1000).toISOString()}`);
      return cached;
    }
    let claims: Claims;
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        algorithms: ["ES256"],
        clockTolerance: 0,
        currentDate: new Date(nowMs),
      });
      if (typeof payload.sub !== "string" || typeof payload.exp !== "number") {
        throw unauthorized("Token lacks a subject or an expiry");
      }
      const aud = payload.aud;
      if (!(aud === AUDIENCE || (Array.isArray(aud) && aud.includes(AUDIENCE)))) {
        throw unauthorized(`Token audience ${JSON.stringify(aud ?? null)} is not ${AUDIENCE}`);
      }
      const permissions = Array.isArray(payload.permissions)
        ? payload.permissions.filter((p): p is string => typeof p === "string")
        : [];
      claims = { sub: payload.sub, exp: payload.exp, permissions };
    } catch (e) {
      if (e instanceof errors.JWTExpired) throw unauthorized("Token expired; sign in again to get a new one");
      if (e instanceof errors.JOSEError) throw unauthorized("Token signature or format is invalid");
      throw e;
    }
    if (this.verified.size >= CACHE_MAX) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }
}

/** Bearer token from the Authorization header, or a 401 that says where the token belongs. */
export function bearerToken(header: string | undefined): string {
  if (!header) throw unauthorized("Missing Authorization header; send Authorization: Bearer <token>");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("Authorization header must be of the form Bearer <token>");
  return match[1];
}

/** A token in the query string is refused even when the header is also valid. */
export function hasQueryToken(query: Record<string, unknown>): boolean {
  for (const [key, value] of Object.entries(query)) {
    const k = key.toLowerCase();
    if (k === "access_token" || k === "token" || k === "id_token" || k === "jwt") return true;
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === "string" && JWT_SHAPE.test(v))) return true;
  }
  return false;
}
