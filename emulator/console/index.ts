// The web console's routes: its page at `/`, its static files under /console/, the description of the API it
// reads (/console/meta.json) and, for a browser on this machine only, the local token that prefills the
// sign-in. The console itself calls the same /api/v1 and /_emulator routes as any client, with a bearer token.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, relative, sep } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TokenService } from "../auth";
import { errorBody } from "../http";
import type { Runtime } from "../server";
import { localTokenRefusal } from "./local";
import { consoleMeta } from "./meta";

export const CONSOLE_PREFIX = "/console";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/**
 * Everything from this server, nothing from elsewhere (no CDN): the page works without a network, and a
 * script injected through a record's text could neither load code nor send data away.
 */
const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

/**
 * The console's files: beside this module when it runs from source (emulator/console/app), else found from
 * the compiled module upwards (emulator/dist/console → emulator/console/app, the package's console/app when
 * installed): the TypeScript build does not copy them.
 */
export function consoleAppDir(from = __dirname): string {
  const candidates = [join(from, "app")];
  for (let dir = from; dirname(dir) !== dir; dir = dirname(dir)) {
    candidates.push(join(dir, "console", "app"), join(dir, "emulator", "console", "app"));
  }
  const found = candidates.find((d) => existsSync(join(d, "index.html")));
  if (!found) throw new Error(`the console's files (emulator/console/app) were not found from ${from}`);
  return found;
}

/** The files served, read once: their paths under /console/ (a request can name nothing else). */
function loadFiles(dir: string): Map<string, { type: string; body: Buffer }> {
  const files = new Map<string, { type: string; body: Buffer }>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const file = join(d, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (TYPES[extname(name)]) {
        const url = `${CONSOLE_PREFIX}/${relative(dir, file).split(sep).join("/")}`;
        files.set(url, { type: TYPES[extname(name)], body: readFileSync(file) });
      }
    }
  };
  walk(dir);
  return files;
}

/** Console routes are neither API routes nor counted in /_emulator/requests: they carry this flag. */
const config = { console: true };

export function registerConsole(app: FastifyInstance, rt: Pick<Runtime, "tokens" | "clock">) {
  const files = loadFiles(consoleAppDir());
  const meta = JSON.stringify(consoleMeta());
  const sendFile = (reply: FastifyReply, url: string) => {
    const file = files.get(url);
    if (!file) {
      return reply
        .code(404)
        .type("application/json")
        .send(errorBody(rt.clock, `No console file ${url}`, `uri=${url}`));
    }
    // no-cache: a browser revalidates, so a newer emulator's console is never mixed with an older one's files
    return reply
      .headers(SECURITY_HEADERS)
      .header("cache-control", "no-cache")
      .type(file.type)
      .send(file.body);
  };

  app.get("/", { config }, (_req, reply) => sendFile(reply, `${CONSOLE_PREFIX}/index.html`));
  app.get(`${CONSOLE_PREFIX}/meta.json`, { config }, (_req, reply) =>
    reply.header("cache-control", "no-cache").type("application/json").send(meta),
  );
  app.get(`${CONSOLE_PREFIX}/local-token`, { config }, (req, reply) => localToken(req, reply, rt.tokens, rt));
  app.get(`${CONSOLE_PREFIX}/*`, { config }, (req, reply) => sendFile(reply, req.url.split("?")[0]));
}

/**
 * The sign-in's prefill: a token of this data dir's key (user-1 with service:admin, an hour), as
 * `cim-emulator token --admin` prints it, given only to a client on this machine that names this machine (see
 * localTokenRefusal); anyone else gets a 403 and signs in with a token of their own.
 */
async function localToken(
  req: FastifyRequest,
  reply: FastifyReply,
  tokens: TokenService,
  rt: Pick<Runtime, "clock">,
) {
  reply.header("cache-control", "no-store");
  const refusal = localTokenRefusal({
    remoteAddress: req.socket.remoteAddress,
    host: req.headers.host,
    fetchSite: req.headers["sec-fetch-site"],
  });
  if (refusal) {
    return reply
      .code(403)
      .type("application/json")
      .send(errorBody(rt.clock, `No local token: ${refusal}`, "Sign in with a token of your own"));
  }
  return reply.type("application/json").send({ token: await tokens.sign({ admin: true }) });
}
