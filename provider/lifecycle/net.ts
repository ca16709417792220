// IPv4 text checks for CIDRs, gateways, netmasks and fixed addresses (pure).

export function parseIpv4(text: string): number | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return undefined;
    n = n * 256 + Number(p);
  }
  return n;
}

const mask = (prefix: number) => (prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0);

export interface Cidr {
  base: number;
  prefix: number;
}

/** "10.1.0.0/16" → {base, prefix}; undefined when malformed. `strict` also refuses host bits. */
export function parseCidr(text: string, strict = true): Cidr | undefined {
  const m = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(text.trim());
  if (!m) return undefined;
  const ip = parseIpv4(m[1]);
  const prefix = Number(m[2]);
  if (ip === undefined || prefix > 32) return undefined;
  const base = (ip & mask(prefix)) >>> 0;
  if (strict && base !== ip) return undefined;
  return { base, prefix };
}

export function formatIpv4(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
}

/** The canonical text of a CIDR ("10.1.0.0/16"), so "010.1.0.0/16" and "10.1.0.0/16" compare equal. */
export function canonicalCidr(text: unknown): string | undefined {
  if (typeof text !== "string") return undefined;
  const c = parseCidr(text, false);
  return c ? `${formatIpv4(c.base)}/${c.prefix}` : undefined;
}

/** The prefix length of a contiguous netmask ("255.255.255.0" → 24), undefined when not contiguous. */
export function prefixOfNetmask(text: string): number | undefined {
  const n = parseIpv4(text);
  if (n === undefined) return undefined;
  for (let p = 0; p <= 32; p++) if (mask(p) === n) return p;
  return undefined;
}

/** Whether an address is a host address (not network, not broadcast) of the range gateway/netmask makes. */
export function isHostOf(ip: number, base: number, prefix: number): boolean {
  if (prefix >= 31) return (ip & mask(prefix)) >>> 0 === base;
  const size = 2 ** (32 - prefix);
  return (ip & mask(prefix)) >>> 0 === base && ip !== base && ip !== base + size - 1;
}

/** Whether an address lies in a range (its network and broadcast addresses included). */
export function inRange(ip: number, range: Cidr): boolean {
  return (ip & mask(range.prefix)) >>> 0 === range.base;
}

export function rangeOf(gateway: string, netmask: string): Cidr | undefined {
  const gw = parseIpv4(gateway);
  const prefix = prefixOfNetmask(netmask);
  if (gw === undefined || prefix === undefined) return undefined;
  return { base: (gw & mask(prefix)) >>> 0, prefix };
}

/** Whether `inner` lies wholly inside `outer`. */
export function within(inner: Cidr, outer: Cidr): boolean {
  return outer.prefix <= inner.prefix && inRange(inner.base, outer);
}

/** Whether two ranges share an address (one then lies inside the other). */
export function overlaps(a: Cidr, b: Cidr): boolean {
  return within(a, b) || within(b, a);
}
