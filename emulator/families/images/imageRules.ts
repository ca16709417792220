// What the platform checks of a template or ISO before it accepts the registration: the URL (CloudStack's
// UriUtils.validateUrl and checkFormat), the image format (Storage.ImageFormat) and the hypervisor
// (Hypervisor.HypervisorType), with CloudStack's texts. The emulator fetches nothing: a host is "resolvable"
// unless it is in the `.invalid` top-level domain, which RFC 6761 reserves for names that never resolve.
import { badRequest } from "../../http";

/** The file endings CloudStack accepts per format (UriUtils.SUPPORTED_EXTENSIONS_BY_FORMAT). */
const COMPRESSIONS = ["", ".zip", ".bz2", ".gz"];
const endings = (metalink: boolean, ...bases: string[]) => [
  ...bases.flatMap((b) => COMPRESSIONS.map((c) => `.${b}${c}`)),
  ...(metalink ? [".metalink"] : []),
];
const EXTENSIONS: Record<string, string[]> = {
  VHD: endings(false, "vhd"),
  VHDX: endings(false, "vhdx"),
  QCOW2: endings(true, "qcow2"),
  OVA: endings(true, "ova"),
  TAR: endings(false, "tar"),
  RAW: endings(false, "img", "raw"),
  VMDK: endings(false, "vmdk"),
  ISO: endings(true, "iso"),
};

/** The formats a template can be registered in (every one with file endings but ISO, which is /isos). */
export const TEMPLATE_FORMATS = Object.keys(EXTENSIONS).filter((f) => f !== "ISO");

/** CloudStack's HypervisorType names a template may name (None is the ISOs'). */
export const HYPERVISORS = ["KVM", "XenServer", "VMware", "Hyperv", "LXC", "Ovm3", "BareMetal", "Simulator"];

/** The format as the platform stores it (upper case), refused when it is not one of the template formats. */
export function templateFormat(value: string): string {
  const format = value.trim().toUpperCase();
  if (format === "ISO")
    throw badRequest(
      `Image format: ${value} is incorrect. Supported formats are ${TEMPLATE_FORMATS.join(", ")}`,
      "An ISO is registered with POST /api/v1/isos, not as a template",
    );
  if (!TEMPLATE_FORMATS.includes(format))
    throw badRequest(
      `Image format: ${value} is incorrect. Supported formats are ${TEMPLATE_FORMATS.join(", ")}`,
    );
  return format;
}

/** The hypervisor's name as the platform spells it (HypervisorType.getType is case-insensitive). */
export function hypervisorType(value: string): string {
  const found = HYPERVISORS.find((h) => h.toLowerCase() === value.trim().toLowerCase());
  if (!found)
    throw badRequest(
      `Hypervisor Type: ${value} is invalid. Supported Hypervisor types are: ${HYPERVISORS.join(", ")}`,
    );
  return found;
}

/** A literal IPv4 address the platform refuses to download from (any, loopback, link-local, multicast). */
function illegalIpv4(host: string): boolean {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return host === "0.0.0.0" || a === 127 || (a === 169 && b === 254) || (a >= 224 && a <= 239);
}

/**
 * UriUtils.validateUrl(format, url): http or https (file:// is refused earlier, "File:// type urls are currently
 * unsupported"), a host that resolves and is not local, and a path ending as the format's files do.
 */
export function checkImageUrl(url: string, format: string): void {
  if (url.toLowerCase().includes("file://")) throw badRequest("File:// type urls are currently unsupported");
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest(`Invalid URL: ${url}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw badRequest(`Unsupported scheme for url: ${url}`);
  const host = parsed.hostname.toLowerCase();
  if (host.startsWith("[")) throw badRequest(`IPV6 addresses not supported (${host.slice(1, -1)})`);
  if (host === "localhost" || illegalIpv4(host)) throw badRequest("Illegal host specified in url");
  if (host === "invalid" || host.endsWith(".invalid")) throw badRequest(`Unable to resolve ${host}`);
  const path = decodeURIComponent(parsed.pathname).toLowerCase();
  if (EXTENSIONS[format].some((e) => path.endsWith(e))) return;
  // a path that ends as no format's files do, or as another format's
  const known = Object.values(EXTENSIONS).some((list) => list.some((e) => path.endsWith(e)));
  throw badRequest(
    known
      ? `Please specify a valid URL. URL:${parsed.pathname} is an invalid for the format ${format.toLowerCase()}`
      : `Please specify a valid ${format.toLowerCase()}`,
    `A ${format} file's URL ends with one of ${EXTENSIONS[format].join(", ")}`,
  );
}
