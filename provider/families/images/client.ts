// Templates and ISOs: GET /api/v1/templates and /isos list the platform's featured images with the ones accounts
// register from a URL (emulator/README.md: CloudStack's registerTemplate, listTemplates, updateTemplate,
// deleteTemplate, updateTemplatePermissions and their ISO twins). Registering is a job (the download); the
// record says when the image is ready (`isReady`, the derived `state`). The spec's Update Template Permissions is
// a PUT whose JSON body the API reads key by key, ignoring keys it does not know: the body is built here from
// typed fields (`imagePermissionsBody`), so no key can be misspelt.

import type { ZodType } from "zod";
import type { AcceptedMutation, CallOptions } from "../../client/core";
import { createdAs, Family, readOrUndefined } from "../../client/family";
import { type ListResult, readOnce } from "../../client/pagination";
import { type ApiPath, apiPath } from "../../client/paths";
import { type Input, optional, requestShape, required } from "../../client/requestShape";
import type { JobCommand } from "../jobs";
import {
  type ImagePermissions,
  ImagePermissionsSchema,
  type Iso,
  IsoSchema,
  type Template,
  TemplateSchema,
} from "./records";

export type ImageKind = "template" | "iso";

/** CloudStack's listTemplates / listIsos filters a user may list by (the API's default: executable). */
export type ImageFilter =
  | "featured"
  | "self"
  | "selfexecutable"
  | "sharedexecutable"
  | "executable"
  | "community";

/** What registering an image takes (CloudStack's registerTemplate / registerIso parameters, camelCase). */
const registerFields = {
  name: required<string>(),
  /** Default: the name. */
  displayText: optional<string>(),
  /** Where the platform downloads it from (http or https). */
  url: required<string>(),
  zoneId: required<string>(),
  /** The guest OS type (GET /os-types); an ISO that is not bootable needs none. */
  osTypeId: optional<string>(),
  isDynamicallyScalable: optional<boolean>(),
  checksum: optional<string>(),
};
const registerTemplateFields = {
  /** Templates: QCOW2, RAW, VHD, VHDX, OVA, VMDK or TAR. */
  format: optional<string>(),
  /** Templates: the hypervisor it is for (KVM, VMware, …). */
  hypervisor: optional<string>(),
  /** Templates: whether it supports the platform's password reset. */
  passwordEnabled: optional<boolean>(),
};
const registerIsoFields = {
  /** ISOs: whether instances can boot from it (default true). */
  bootable: optional<boolean>(),
};
/** Each kind sends the common fields and its own. */
export const registerTemplateRequest = requestShape({ ...registerFields, ...registerTemplateFields });
export const registerIsoRequest = requestShape({ ...registerFields, ...registerIsoFields });
export type RegisterImageInput = Input<
  typeof registerFields & typeof registerTemplateFields & typeof registerIsoFields
>;

/** What updateTemplate / updateIso change (query parameters; what is left out stays). */
const updateFields = {
  name: optional<string>(),
  displayText: optional<string>(),
  osTypeId: optional<string>(),
  isDynamicallyScalable: optional<boolean>(),
};
/** Templates only. */
const updateTemplateFields = { passwordEnabled: optional<boolean>() };
/** ISOs only. */
const updateIsoFields = { bootable: optional<boolean>() };
export const updateTemplateRequest = requestShape({ ...updateFields, ...updateTemplateFields });
export const updateIsoRequest = requestShape({ ...updateFields, ...updateIsoFields });
export type UpdateImageInput = Input<
  typeof updateFields & typeof updateTemplateFields & typeof updateIsoFields
>;

/** A permissions change, in the program's words. */
export interface ImagePermissionsChange {
  isPublic?: boolean;
  isFeatured?: boolean;
  isExtractable?: boolean;
  /** Account names the `op` applies to. */
  accounts?: readonly string[];
  /** Project ids the `op` applies to (not together with accounts). */
  projectIds?: readonly string[];
  /** add, remove (the accounts or projects named) or reset (private, not featured, no grants). */
  op?: "add" | "remove" | "reset";
}

/** The body of Update Template Permissions: exactly the spec's keys, spelt as the spec spells them. */
export interface ImagePermissionsBody {
  ispublic?: boolean;
  isextractable?: boolean;
  isfeatured?: boolean;
  /** Comma-separated (the spec types it as a string). */
  accounts?: string;
  projectids?: string;
  op?: string;
}

export function imagePermissionsBody(c: ImagePermissionsChange): ImagePermissionsBody {
  const body: ImagePermissionsBody = {
    ispublic: c.isPublic,
    isextractable: c.isExtractable,
    isfeatured: c.isFeatured,
    accounts: c.accounts?.join(","),
    projectids: c.projectIds?.join(","),
    op: c.op,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as ImagePermissionsBody;
}

/** Who may use an image: its flags and the accounts given launch permission (the owner not among them). */
export interface ImageAccess {
  /** The image's id. */
  id: string;
  isPublic: boolean;
  isFeatured: boolean;
  isExtractable: boolean;
  accounts: string[];
  projectIds: string[];
  /** The image's owner (the API lists it among a private image's accounts; it is left out of `accounts`). */
  account?: string;
}

const KIND = {
  template: {
    schema: TemplateSchema,
    key: ["template", "templates"],
    commands: { register: "template.register", delete: "template.delete" },
  },
  iso: {
    schema: IsoSchema,
    key: ["iso", "isos"],
    commands: { register: "iso.register", delete: "iso.delete" },
  },
} as const satisfies Record<
  ImageKind,
  { schema: unknown; key: readonly string[]; commands: Record<string, JobCommand> }
>;

/**
 * What an image's record shows of its registration (a lost register's job is checked against them): the checksum
 * is left out, as the platform may write it back in another form.
 */
const IMAGE_ECHOES = { name: "name", zoneId: "zoneId", format: "format", hypervisor: "hypervisor" } as const;

/** The templates (`client.templates`) or the ISOs (`client.isos`) of the API: one class, as the API's two are alike. */
export class Images<T extends Template | Iso = Template | Iso> extends Family {
  constructor(
    core: ConstructorParameters<typeof Family>[0],
    readonly kind: ImageKind,
  ) {
    super(core);
  }

  private path(id?: string, sub?: "permissions"): ApiPath {
    const base = this.kind === "template" ? apiPath`/templates` : apiPath`/isos`;
    if (id === undefined) return base;
    const one = this.kind === "template" ? apiPath`/templates/${id}` : apiPath`/isos/${id}`;
    return sub ? (`${one}/${sub}` as ApiPath) : one;
  }

  private get schema() {
    return KIND[this.kind].schema as unknown as ZodType<T>;
  }

  async get(id: string, o?: CallOptions): Promise<T> {
    return this.core.get(this.path(id), this.schema, undefined, o);
  }

  /** One read (a bare array, like the catalogue's); `filter` is CloudStack's, the API's default `executable`. */
  async list(
    f: { filter?: ImageFilter; name?: string; zoneId?: string } = {},
    o?: CallOptions,
  ): Promise<T[]> {
    const query = {
      [this.kind === "template" ? "templateFilter" : "isoFilter"]: f.filter,
      name: f.name,
      zoneId: f.zoneId,
    };
    const spec = { path: this.path(), query, key: [...KIND[this.kind].key], item: this.schema, options: o };
    return (await readOnce(this.core, spec)).items;
  }

  /** The caller's own images (filter `self`), whatever their state: the ones a program registers and adopts. */
  async listAll(o?: CallOptions): Promise<ListResult<T>> {
    return { items: await this.list({ filter: "self" }, o) };
  }

  /**
   * Registers an image (a job: the download). A lost answer is tied to its job by command and the image it made:
   * same name, URL, zone and (templates) format and hypervisor. A replacement keeps the name (and may keep the
   * URL) while the image it replaces still exists: the old one's register job is not this one's.
   */
  async register(input: RegisterImageInput, o?: CallOptions): Promise<AcceptedMutation> {
    const template = this.kind === "template";
    const body = template ? registerTemplateRequest.pick(input) : registerIsoRequest.pick(input);
    const named = createdAs(body, IMAGE_ECHOES, (id) => this.get(id, o));
    return this.core.accepted({
      method: "POST",
      path: this.path(),
      body,
      options: o,
      command: KIND[this.kind].commands.register,
      verify: async (job) => {
        if (!(await named(job)) || !job.resourceId) return false;
        return (await readOrUndefined(() => this.get(job.resourceId!, o)))?.url === input.url;
      },
    });
  }

  /** updateTemplate / updateIso: synchronous, query parameters; a lost answer is resolved by re-reading. */
  async update(id: string, changes: UpdateImageInput, o?: CallOptions): Promise<T> {
    const query =
      this.kind === "template" ? updateTemplateRequest.pick(changes) : updateIsoRequest.pick(changes);
    return this.putQuery(this.path(id), query, this.schema as never, () => this.get(id, o), o) as Promise<T>;
  }

  /** Deletes an image (a job). The API refuses one that instances still use. */
  async delete(id: string, o?: CallOptions): Promise<AcceptedMutation> {
    return this.jobOn(id, "DELETE", this.path(id), KIND[this.kind].commands.delete, o);
  }

  /** Who may use the image (the owner's read): the API's list less the owner, which it adds to a private image's. */
  async permissions(id: string, o?: CallOptions): Promise<ImageAccess> {
    const [image, p] = await Promise.all([
      this.get(id, o),
      this.core.get(this.path(id, "permissions"), ImagePermissionsSchema, undefined, o),
    ]);
    return accessOf(p, image);
  }

  /**
   * The spec's Update Template Permissions (and its ISO twin): synchronous. A lost answer is resolved by reading
   * the permissions back: applied when they show what was asked.
   */
  async updatePermissions(
    id: string,
    change: ImagePermissionsChange,
    o?: CallOptions,
  ): Promise<AcceptedMutation> {
    return this.synchronous(
      "PUT",
      this.path(id, "permissions"),
      imagePermissionsBody(change),
      o,
      async () => {
        const now = await readOrUndefined(() => this.permissions(id, o));
        return now && applied(change, now) ? id : undefined;
      },
    );
  }
}

function accessOf(p: ImagePermissions, image: Template | Iso): ImageAccess {
  return {
    id: image.id,
    isPublic: p.isPublic ?? image.isPublic ?? false,
    isFeatured: image.isFeatured ?? false,
    isExtractable: image.isExtractable ?? false,
    accounts: (p.account ?? []).filter((a) => a !== image.account),
    projectIds: p.projectIds ?? [],
    account: image.account,
  };
}

/** Whether the permissions read back show a change as done. */
function applied(c: ImagePermissionsChange, now: ImageAccess): boolean {
  const flags =
    (c.isPublic === undefined || now.isPublic === (c.op === "reset" ? false : c.isPublic)) &&
    (c.isFeatured === undefined || now.isFeatured === (c.op === "reset" ? false : c.isFeatured)) &&
    (c.isExtractable === undefined || now.isExtractable === c.isExtractable);
  const named = c.accounts ?? [];
  if (c.op === "reset") return flags && !now.isPublic && now.accounts.length === 0;
  if (c.op === "add") return flags && named.every((a) => now.accounts.includes(a));
  if (c.op === "remove") return flags && named.every((a) => !now.accounts.includes(a));
  return flags;
}

/** Templates: the platform's featured ones and those accounts register (on /templates). */
export class Templates extends Images<Template> {
  constructor(core: ConstructorParameters<typeof Family>[0]) {
    super(core, "template");
  }
}

/** ISOs: the platform's featured ones and those accounts register (on /isos). */
export class Isos extends Images<Iso> {
  constructor(core: ConstructorParameters<typeof Family>[0]) {
    super(core, "iso");
  }
}

export type * from "./records";
