// What cim.Template and cim.Iso share: an image registered from a URL in one zone (the platform downloads it: a
// job), ready only when the platform says so (`isReady`; the engine waits out the Downloading state before it
// records the resource, so what uses its id starts after), renamed and re-described in place (updateTemplate /
// updateIso), deleted with the resource. A failed download leaves the image in state Error: kept as failed, and
// the next `up` replaces it. Both kinds are declared from these pieces; only their own fields differ.

import { z } from "zod";
import type { CimClient, ImageKind, Iso, Template, UpdateImageInput } from "../../client";
import {
  commonFields,
  created,
  field,
  flagField,
  nameField,
  nameOfId,
  output,
  zoneField,
  zoneName,
} from "../../kinds/common";
import type { KindApi, LiveRecord } from "../../kinds/define";
import { id, text } from "../../lifecycle/check";

/** The platform's download states: ready, under way (busy), failed (replaced by the next up). */
export const imageStates = { busy: ["Downloading"], failed: "Error" };

/** A host the platform refuses to download from (CloudStack's UriUtils.validateUrl): this machine's, not the cloud's. */
const LOCAL_HOST = /^(localhost|0\.0\.0\.0|127\.\d+\.\d+\.\d+|169\.254\.\d+\.\d+|\[.*\])$/i;

/** The image's URL: http(s), a host the cloud can reach; the path's ending is checked against the format (rules). */
export const imageUrl = z
  .string({
    error: (i) =>
      i.input === undefined
        ? "is required: the http(s) URL the platform downloads the image from"
        : "must be a string: the image's URL",
  })
  .trim()
  .max(2048, "must be at most 2048 characters (the API's limit)")
  .superRefine((s, ctx) => {
    let u: URL;
    try {
      u = new URL(s);
    } catch {
      ctx.addIssue({
        code: "custom",
        message: `must be a URL such as https://images.example.com/image.qcow2, not "${s}"`,
      });
      return;
    }
    if (u.protocol !== "http:" && u.protocol !== "https:")
      ctx.addIssue({
        code: "custom",
        message: `must be an http or https URL: the platform downloads the image from it (${u.protocol} is not supported)`,
      });
    else if (LOCAL_HOST.test(u.hostname))
      ctx.addIssue({
        code: "custom",
        message: `must name a host the cloud can reach, not ${u.hostname}: the platform downloads the image itself (loopback, link-local and IPv6 addresses are refused)`,
      });
  });

/** The file endings the platform accepts per format (CloudStack's UriUtils.SUPPORTED_EXTENSIONS_BY_FORMAT). */
const COMPRESSED = ["", ".zip", ".bz2", ".gz"];
const endings = (metalink: boolean, ...bases: string[]) => [
  ...bases.flatMap((b) => COMPRESSED.map((c) => `.${b}${c}`)),
  ...(metalink ? [".metalink"] : []),
];
export const FILE_ENDINGS: Record<string, string[]> = {
  QCOW2: endings(true, "qcow2"),
  RAW: endings(false, "img", "raw"),
  VHD: endings(false, "vhd"),
  VHDX: endings(false, "vhdx"),
  OVA: endings(true, "ova"),
  VMDK: endings(false, "vmdk"),
  TAR: endings(false, "tar"),
  ISO: endings(true, "iso"),
};

/** "url ends with none of …" when the URL's path does not end as files of the format do, else undefined. */
export function urlFormatProblem(url: unknown, format: unknown): string | undefined {
  if (typeof url !== "string" || typeof format !== "string" || !FILE_ENDINGS[format]) return undefined;
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname).toLowerCase();
  } catch {
    return undefined; // the url's own rule says what is wrong
  }
  if (FILE_ENDINGS[format].some((e) => path.endsWith(e))) return undefined;
  return `url must end as a ${format} file does (${FILE_ENDINGS[format].join(", ")}): the platform refuses "${path}" for format ${format}`;
}

/** The fields every image has. `kind` says which API family applies them. */
export function imageFields(noun: string) {
  return {
    ...commonFields,
    name: nameField(noun, "update"),
    displayText: field(text("a description; the API uses the name when left out", 4096).optional(), {
      doc: "A description; the API uses the name when left out.",
      change: "update",
      live: true,
      present: true,
    }),
    url: field(imageUrl.optional(), {
      doc: "The http(s) URL the platform downloads the image from.",
      change: "replace",
      live: true,
      requiredUnlessAdopting: "the http(s) URL the platform downloads the image from",
      present: true,
    }),
    zoneId: {
      ...zoneField(
        "The zone the image is registered in (instances of that zone use it).",
        id("the zone to register the image in (GET /api/v1/zones)").optional(),
      ),
      requiredUnlessAdopting: "the zone to register the image in",
      present: true as const,
    },
    isDynamicallyScalable: {
      doc: "Whether the image has the tools to scale an instance while it runs (default false).",
      ...flagField(
        "isDynamicallyScalable",
        "whether the image can scale a running instance (it carries the hypervisor's tools)",
      ),
    },
    checksum: field(text("the image's checksum, e.g. {SHA-256}<hex> or an MD5 hex digest", 1024).optional(), {
      doc: "The image's checksum, e.g. `{SHA-256}9f86d0…` (checked by the platform after the download).",
      change: "replace",
    }),
  };
}

/** The OS type field: the guest OS the image carries (cim.getOsType). `required` for templates. */
export function osTypeField(changes: string) {
  return field(id("the guest OS type (cim.getOsType, GET /api/v1/os-types)").optional(), {
    change: "update",
    live: true,
    lookup: { catalogue: "osTypes", what: "an OS type" },
    ...(changes ? { requiredUnlessAdopting: changes } : {}),
  });
}

/** What the platform reports of every image: readiness, the download's status, sizes and names. */
export const imageOutputs = {
  state: output(
    "Ready once the platform says so (`isReady`), Downloading meanwhile, Error when the download failed.",
  ),
  isReady: output(
    "Whether the platform has the image ready for instances (its download is complete).",
    z.boolean().optional(),
  ),
  status: output(
    'The platform\'s words on the download: "Download Complete", "45% Downloaded", or why it failed.',
  ),
  size: output(
    "Bytes: a template's virtual size, an ISO's file size (once downloaded).",
    z.number().optional(),
  ),
  osTypeName: nameOfId("OS type", "osTypeId"),
  zoneName,
  account: output("The account that owns it."),
  created,
};

/** The client family of a kind. */
const family = (client: CimClient, kind: ImageKind) => (kind === "template" ? client.templates : client.isos);

/** The in-place fields an update call carries, with the value a field left out stands for (its `unset`). */
const UPDATABLE = {
  name: undefined,
  displayText: undefined,
  osTypeId: undefined,
  isDynamicallyScalable: false,
  passwordEnabled: false,
  bootable: true,
} as const;

/** The API calls of an image kind; `register` picks the kind's own registration fields. */
export function imageApi<I extends Record<string, unknown>, R extends LiveRecord & (Template | Iso)>(
  kind: ImageKind,
  register: (i: I) => Record<string, unknown>,
): KindApi<I, R> {
  return {
    get: (s, id) => family(s.client, kind).get(id, { region: s.region }) as Promise<R>,
    list: async (s) => (await family(s.client, kind).listAll({ region: s.region })).items as R[],
    create: (s, i) =>
      family(s.client, kind).register(
        {
          name: String(i.name ?? ""),
          displayText: i.displayText as string | undefined,
          url: String(i.url ?? ""),
          zoneId: String(i.zoneId ?? ""),
          osTypeId: i.osTypeId as string | undefined,
          isDynamicallyScalable: i.isDynamicallyScalable as boolean | undefined,
          checksum: i.checksum as string | undefined,
          ...register(i),
        },
        { region: s.region },
      ),
    async apply(s, live, want, changed) {
      const changes: Record<string, unknown> = {};
      for (const [k, unset] of Object.entries(UPDATABLE)) if (changed.has(k)) changes[k] = want[k] ?? unset;
      if (Object.keys(changes).length)
        await family(s.client, kind).update(live.id, changes as UpdateImageInput, { region: s.region });
    },
    delete: (s, live) => family(s.client, kind).delete(live.id, { region: s.region }),
  };
}

/** Only the account's own images can be adopted: the API shows the download's status and URL to the owner alone. */
export const ownImage = (t: Template | Iso) =>
  t.status === undefined && t.url === undefined
    ? "it is not this account's own (the platform's featured images and other accounts' shared ones are used by id, not managed)"
    : undefined;

/** pulumi-cim import leaves out an image whose download failed. */
export const skipFailedDownload = (t: Template | Iso) =>
  t.state === "Error" ? `its download failed (${t.status ?? "state Error"}): delete it` : undefined;

/**
 * What cim.Template and cim.Iso declare alike: registered (a job) under the resource's name, counted against the
 * platform's `template` allowance (CloudStack counts ISOs there too), the download's states, only the account's own
 * adopted, and `pulumi-cim import` leaving out failed downloads.
 */
export function imageKindBase(prefix: "template" | "iso") {
  return {
    createVerb: "register",
    nameFromResource: true,
    quota: { limit: "templateLimit", count: "templateCount" } as const,
    states: imageStates,
    adoptable: ownImage,
    importer: { order: 3, prefix, skip: skipFailedDownload, unreported: ["checksum"] },
  };
}
