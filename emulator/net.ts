// IPv4 arithmetic for VPC and network ranges and instance addresses.
export interface Cidr {
  base: number;
  prefix: number;
}

export function parseIp(text: unknown): number | undefined {
  if (typeof text !== "string") return undefined;
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return undefined;
    const v = Number(p);
    if (v > 255) return undefined;
    n = n * 256 + v;
  }
  return n;
}

export function formatIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
}

export function maskOf(prefix: number): number {
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

/** "10.1.0.0/16" → {base, prefix}; undefined when malformed or not a network address. */
export function parseCidr(text: unknown): Cidr | undefined {
  if (typeof text !== "string") return undefined;
  const [ip, bits, ...rest] = text.split("/");
  if (rest.length || bits === undefined || !/^\d{1,2}$/.test(bits)) return undefined;
  const base = parseIp(ip);
  const prefix = Number(bits);
  if (base === undefined || prefix > 32) return undefined;
  if ((base & maskOf(prefix)) >>> 0 !== base) return undefined;
  return { base, prefix };
}

/** 255.255.255.0 → 24; undefined when the mask is not contiguous. */
export function prefixOfNetmask(text: unknown): number | undefined {
  const n = parseIp(text);
  if (n === undefined) return undefined;
  for (let prefix = 0; prefix <= 32; prefix++) if (maskOf(prefix) === n) return prefix;
  return undefined;
}

export function formatCidr(c: Cidr): string {
  return `${formatIp(c.base)}/${c.prefix}`;
}

export function size(c: Cidr): number {
  return 2 ** (32 - c.prefix);
}

export function contains(c: Cidr, ip: number): boolean {
  return (ip & maskOf(c.prefix)) >>> 0 === c.base;
}

export function containsCidr(outer: Cidr, inner: Cidr): boolean {
  return inner.prefix >= outer.prefix && contains(outer, inner.base);
}

export function overlaps(a: Cidr, b: Cidr): boolean {
  return contains(a, b.base) || contains(b, a.base);
}

/** A usable host address: inside the range, neither the network nor the broadcast address. */
export function isHost(c: Cidr, ip: number): boolean {
  return contains(c, ip) && (c.prefix >= 31 || (ip !== c.base && ip !== c.base + size(c) - 1));
}
