// Who may have the emulator's local token without showing one: a client on this machine that also names this
// machine. Three checks, each closing a way in:
// - the peer address is loopback: an emulator started with --host 0.0.0.0 is reachable from elsewhere, and
//   those clients sign in with a token of their own;
// - the Host header names a loopback host (127.x, localhost, [::1]): a web page elsewhere that points a name of
//   its own at 127.0.0.1 (DNS rebinding) is same-origin with that name, not with ours, and is refused;
// - a browser's Sec-Fetch-Site, when sent, is same-origin or none (typed in the address bar): another site's
//   page cannot read the answer anyway (no CORS), and is refused before a token is minted.
// A reverse proxy on this machine in front of the emulator would pass the first two: do not put one there.

export interface RequestFacts {
  remoteAddress: string | undefined;
  host: string | undefined;
  fetchSite?: string | string[];
}

const LOOPBACK_V4 = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase();
  if (a === "::1") return true;
  return LOOPBACK_V4.test(a.startsWith("::ffff:") ? a.slice("::ffff:".length) : a);
}

/** The host part of a Host header: `127.0.0.1:8080` → `127.0.0.1`, `[::1]:8080` → `::1`. */
function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith("[")) return h.slice(1, h.indexOf("]"));
  const colon = h.lastIndexOf(":");
  return colon === -1 ? h : h.slice(0, colon);
}

/** Why the request may not have the local token, or undefined when it may. */
export function localTokenRefusal(r: RequestFacts): string | undefined {
  if (!isLoopbackAddress(r.remoteAddress)) return "the request does not come from this machine (loopback)";
  const host = r.host ? hostName(r.host) : "";
  if (host !== "localhost" && !isLoopbackAddress(host)) {
    return "the Host header does not name this machine (127.0.0.1, localhost or [::1])";
  }
  const site = Array.isArray(r.fetchSite) ? r.fetchSite[0] : r.fetchSite;
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    return "the request comes from another site's page";
  }
  return undefined;
}
