// The pulumi-cim policy pack's policies (the pack itself is policy/index.ts). Every policy matches resources by
// the pulumi-cim type tokens of both paths (`pulumi-nodejs:dynamic/cim:<Kind>` and the native plugin's
// `cim:index:<Kind>`, the classes' `__pulumiType`): switching a program's import must not take it out of the
// pack. Configuration and enforcement levels: policy/README.md.
//
// Resource policies see a resource's checked inputs (after the provider's check, so `region` already carries
// `cim:region` when the program set none). Stack policies see every resource of the program; during preview
// some values are unknown until deploy (ids above all), so they link resources through the engine's property
// dependencies (a BackupSchedule's `instanceId` depends on that Instance) rather than by id.

import {
  type EnforcementLevel,
  type PolicyResource,
  type ReportViolation,
  type ResourceValidation,
  type ResourceValidationPolicy,
  type StackValidationArgs,
  type StackValidationPolicy,
  type TypedResourceValidation,
  UnknownValueError,
  validateResourceOfType,
} from "@pulumi/policy";
import type { Resource, Unwrap } from "@pulumi/pulumi";
import { type KindName, kindList, kinds } from "../provider/kinds";
import { nativeTypeToken, typeToken } from "../provider/kinds/define";
import { Instance, NetworkAclRule } from "../sdk/kinds";
import * as native from "../sdk/native/kinds";
import { noPublicTemplates } from "./templates";

export const PACK_NAME = "pulumi-cim";

/** The pulumi-cim resource kinds (the registry, provider/kinds) and their type tokens on the dynamic path. */
export const TYPES = Object.fromEntries(Object.values(kinds).map((k) => [k.name, typeToken(k)])) as Record<
  KindName,
  string
>;

export type Kind = KindName;

/** The kinds that carry tags of their own (a `tags` input applied through their tag route). */
const TAGGED: string[] = kindList.filter((k) => k.tags).map((k) => k.name);
/** The kinds placed in a zone (a `zoneId` input). */
const ZONED: string[] = kindList.filter((k) => "zoneId" in k.fields).map((k) => k.name);

const KIND_OF_TYPE = new Map<string, Kind>(
  kindList.flatMap((k) => [
    [typeToken(k), k.name as Kind],
    [nativeTypeToken(k), k.name as Kind],
  ]),
);

/** The kind of a type token of either path; undefined for a resource that is not pulumi-cim's. */
export const kindOf = (type: string): Kind | undefined => KIND_OF_TYPE.get(type);

/** Whether a type token is of the kind, on either path. */
export const isKind = (type: string, kind: Kind): boolean => KIND_OF_TYPE.get(type) === kind;

/** validateResourceOfType for the class of either path (the same Args: one validation serves both). */
function ofEitherPath<TResource extends Resource, TArgs>(
  dynamic: { new (name: string, args: TArgs, ...rest: any[]): TResource; __pulumiType: string },
  nativeClass: { __pulumiType: string },
  validate: TypedResourceValidation<Unwrap<NonNullable<TArgs>>>,
): ResourceValidation {
  const onDynamic = validateResourceOfType(dynamic, validate);
  const onNative = validateResourceOfType(nativeClass as typeof dynamic, validate);
  return (args, report) => (args.type === nativeClass.__pulumiType ? onNative : onDynamic)(args, report);
}

/** Default enforcement levels: mandatory for the security rules and cim-backup-needs-offering, advisory for the rest. */
export const DEFAULT_ENFORCEMENT: Record<string, EnforcementLevel> = {
  "cim-no-password-ssh": "mandatory",
  "cim-no-open-admin-ports": "mandatory",
  "cim-production-delete-protection": "mandatory",
  "cim-required-tags": "advisory",
  "cim-allowed-regions": "advisory",
  "cim-allowed-zones": "advisory",
  "cim-max-root-disk-size": "advisory",
  "cim-instance-backup-schedule": "advisory",
  "cim-backup-needs-offering": "mandatory",
  "cim-volume-same-zone": "advisory",
  "cim-static-nat-exposure": "mandatory",
  "cim-lb-min-members": "advisory",
  "cim-cluster-ha": "advisory",
  "cim-no-public-templates": "mandatory",
};

/** Default configuration of every configurable policy (also declared in each policy's configSchema). */
export const DEFAULT_CONFIG = {
  "cim-no-open-admin-ports": { ports: [22, 3389] },
  "cim-production-delete-protection": { tagKey: "env", tagValues: ["prod", "production"] },
  "cim-required-tags": { requiredTags: ["env"], resourceTypes: TAGGED },
  "cim-allowed-regions": { allowedRegions: [] as string[] },
  "cim-allowed-zones": { allowedZones: [] as string[] },
  "cim-max-root-disk-size": { maxRootDiskSizeGb: 500 },
  "cim-lb-min-members": { minMembers: 2 },
  "cim-cluster-ha": { tagKey: "env", tagValues: ["prod", "production"], minControlNodes: 2 },
};

type Config<N extends keyof typeof DEFAULT_CONFIG> = (typeof DEFAULT_CONFIG)[N];

/** The policy's config with defaults filled in (the engine applies schema defaults too; this is belt and braces). */
function configOf<N extends keyof typeof DEFAULT_CONFIG>(
  name: N,
  args: { getConfig<T extends object>(): T },
): Config<N> {
  const given = (args.getConfig<Partial<Config<N>>>() ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...DEFAULT_CONFIG[name] };
  for (const [k, v] of Object.entries(given)) if (v !== undefined && v !== null) out[k] = v;
  return out as Config<N>;
}

const stringList = (description: string, defaults: string[]) => ({
  type: "array" as const,
  items: { type: "string" as const },
  default: defaults,
  description,
});

/** A value of the props, or UNKNOWN when it is not known until deploy (instead of aborting the whole policy). */
export const UNKNOWN = Symbol("unknown");
export function known<T>(read: () => T): T | typeof UNKNOWN {
  try {
    return read();
  } catch (e) {
    if (e instanceof UnknownValueError) return UNKNOWN;
    throw e;
  }
}

// ------------------------------------------------------------------------------------------ resource policies

export const noPasswordSsh: ResourceValidationPolicy = {
  name: "cim-no-password-ssh",
  description: "Instances must not enable SSH password authentication (allowPasswordSsh); use SSH keys.",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-no-password-ssh"],
  severity: "high",
  validateResource: ofEitherPath(Instance, native.Instance, (props, _args, report) => {
    if (props.allowPasswordSsh === true) {
      report(
        "allowPasswordSsh is true: the instance would accept SSH password logins. Remove allowPasswordSsh and give sshKeyNames instead.",
      );
    }
  }),
};

/** CIDRs that mean "anywhere". */
const ANYWHERE = ["0.0.0.0/0", "::/0"];

/**
 * An ACL rule that lets the whole internet reach SSH or RDP. Mandatory by default, like the other security rules:
 * an admin port open to 0.0.0.0/0 is how most exposed machines are broken into, and a bastion or a VPN range
 * says the same thing safely; a team that must open one can make the rule advisory or change its ports.
 */
export const noOpenAdminPorts: ResourceValidationPolicy = {
  name: "cim-no-open-admin-ports",
  description:
    "A network ACL rule must not allow ingress from anywhere (0.0.0.0/0 or ::/0) to an admin port (SSH 22, RDP 3389 by default).",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-no-open-admin-ports"],
  severity: "high",
  configSchema: {
    properties: {
      ports: {
        type: "array",
        items: { type: "integer", minimum: 1, maximum: 65535 },
        default: DEFAULT_CONFIG["cim-no-open-admin-ports"].ports,
        description: "Ports no rule may open to anywhere.",
      },
    },
  },
  validateResource: ofEitherPath(NetworkAclRule, native.NetworkAclRule, (props, args, report) => {
    const { ports } = configOf("cim-no-open-admin-ports", args);
    const p = props as Record<string, unknown>;
    const lower = (v: unknown, absent: string) => (typeof v === "string" ? v.toLowerCase() : absent);
    // absent: the API's defaults, allow and ingress
    if (lower(p.action, "allow") !== "allow" || lower(p.trafficType, "ingress") !== "ingress") return;
    // a protocol number as the name it stands for: 6 tcp, 17 udp, 0 every protocol (iptables' -p 0)
    const named = lower(p.protocol, "").trim();
    const protocol = /^\d+$/.test(named)
      ? ({ 0: "all", 6: "tcp", 17: "udp" }[Number(named)] ?? named)
      : named;
    if (!["tcp", "udp", "all"].includes(protocol)) return;
    const cidrs = known(() => p.cidrList);
    if (!Array.isArray(cidrs)) return;
    const open = cidrs.filter((c) => typeof c === "string" && ANYWHERE.includes(c.trim()));
    if (!open.length) return;
    // tcp and udp without ports, and protocol all, cover every port
    const start = typeof p.startPort === "number" ? p.startPort : undefined;
    const end = typeof p.endPort === "number" ? p.endPort : start;
    const hit = ports.filter(
      (port) => protocol === "all" || start === undefined || (port >= start && port <= (end ?? start)),
    );
    if (!hit.length) return;
    const what =
      protocol === "all"
        ? "all traffic"
        : start === undefined
          ? `every ${protocol} port`
          : `${protocol} ${start === end ? start : `${start}-${end}`}`;
    report(
      `the rule allows ingress from ${open.join(" and ")} to ${what}, which includes admin port${hit.length > 1 ? "s" : ""} ${hit.join(", ")}: anyone on the internet can reach it. Narrow cidrList to the addresses that need it (a VPN or bastion range), or deny it.`,
    );
  }),
};

export const productionDeleteProtection: ResourceValidationPolicy = {
  name: "cim-production-delete-protection",
  description:
    "Instances tagged as production (by default env=prod or env=production) must set deleteProtection: true.",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-production-delete-protection"],
  severity: "high",
  configSchema: {
    properties: {
      tagKey: {
        type: "string",
        default: DEFAULT_CONFIG["cim-production-delete-protection"].tagKey,
        description: "The tag that marks production.",
      },
      tagValues: stringList(
        "Values of that tag that mean production (compared case-insensitively).",
        DEFAULT_CONFIG["cim-production-delete-protection"].tagValues,
      ),
    },
  },
  validateResource: ofEitherPath(Instance, native.Instance, (props, args, report) => {
    const { tagKey, tagValues } = configOf("cim-production-delete-protection", args);
    const tags = (props.tags ?? {}) as Record<string, string>;
    const value = Object.entries(tags).find(([k]) => k === tagKey)?.[1];
    if (typeof value !== "string") return;
    if (!tagValues.some((v) => v.toLowerCase() === value.toLowerCase())) return;
    if (props.deleteProtection !== true) {
      report(
        `the instance is tagged ${tagKey}=${value} (production) but deleteProtection is not true. Set deleteProtection: true so the API refuses to delete it.`,
      );
    }
  }),
};

export const requiredTags: ResourceValidationPolicy = {
  name: "cim-required-tags",
  description: `Taggable resources (${TAGGED.join(", ")}) must carry the required tag keys.`,
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-required-tags"],
  severity: "low",
  configSchema: {
    properties: {
      requiredTags: stringList(
        "Tag keys every resource must have.",
        DEFAULT_CONFIG["cim-required-tags"].requiredTags,
      ),
      resourceTypes: {
        type: "array",
        items: { type: "string", enum: TAGGED },
        default: DEFAULT_CONFIG["cim-required-tags"].resourceTypes,
        description: "Which kinds the rule applies to.",
      },
    },
  },
  validateResource: (args, report) => {
    const kind = kindOf(args.type);
    const { requiredTags: keys, resourceTypes } = configOf("cim-required-tags", args);
    if (!kind || !resourceTypes.includes(kind)) return;
    const tags = (args.props.tags ?? {}) as Record<string, string>;
    const missing = keys.filter((k) => !Object.keys(tags).includes(k) || `${tags[k]}`.trim() === "");
    if (missing.length) {
      report(
        `missing required tag${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (required: ${keys.join(", ")}). Add ${missing.length > 1 ? "them" : "it"} to tags.`,
      );
    }
  },
};

export const allowedRegions: ResourceValidationPolicy = {
  name: "cim-allowed-regions",
  description: "Resources must live in an allowed region (region uuids; an empty list allows every region).",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-allowed-regions"],
  severity: "medium",
  configSchema: {
    properties: {
      allowedRegions: stringList(
        "Region uuids resources may live in; empty allows all.",
        DEFAULT_CONFIG["cim-allowed-regions"].allowedRegions,
      ),
    },
  },
  validateResource: (args, report) => {
    if (!kindOf(args.type)) return;
    const { allowedRegions: allowed } = configOf("cim-allowed-regions", args);
    if (!allowed.length) return;
    const region = args.props.region as string | undefined;
    if (region === undefined || region === "") {
      report(
        `no region is set (neither the region input nor cim:region), so the API's default region is used, which this policy cannot verify. Set region or cim:region to one of: ${allowed.join(", ")}.`,
      );
    } else if (!allowed.includes(region)) {
      report(`region ${region} is not allowed; allowed regions: ${allowed.join(", ")}.`);
    }
  },
};

export const allowedZones: ResourceValidationPolicy = {
  name: "cim-allowed-zones",
  description:
    "Instances, volumes, VPCs and networks must be in an allowed zone (zone uuids; empty allows all).",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-allowed-zones"],
  severity: "medium",
  configSchema: {
    properties: {
      allowedZones: stringList(
        "Zone uuids resources may be placed in; empty allows all.",
        DEFAULT_CONFIG["cim-allowed-zones"].allowedZones,
      ),
    },
  },
  validateResource: (args, report) => {
    const kind = kindOf(args.type);
    if (!kind || !ZONED.includes(kind)) return;
    const { allowedZones: allowed } = configOf("cim-allowed-zones", args);
    if (!allowed.length) return;
    const zone = args.props.zoneId as string | undefined;
    if (typeof zone === "string" && !allowed.includes(zone)) {
      report(`zone ${zone} is not allowed; allowed zones: ${allowed.join(", ")}.`);
    }
  },
};

export const maxRootDiskSize: ResourceValidationPolicy = {
  name: "cim-max-root-disk-size",
  description: "An instance's root disk (rootDiskSize, GB) must not exceed the configured maximum.",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-max-root-disk-size"],
  severity: "low",
  configSchema: {
    properties: {
      maxRootDiskSizeGb: {
        type: "number",
        minimum: 1,
        default: DEFAULT_CONFIG["cim-max-root-disk-size"].maxRootDiskSizeGb,
        description: "The largest root disk allowed, in GB.",
      },
    },
  },
  validateResource: ofEitherPath(Instance, native.Instance, (props, args, report) => {
    const { maxRootDiskSizeGb: max } = configOf("cim-max-root-disk-size", args);
    const size = props.rootDiskSize;
    if (typeof size === "number" && size > max) {
      report(
        `rootDiskSize is ${size} GB, above the maximum of ${max} GB. Use a smaller root disk and add volumes.`,
      );
    }
  }),
};

/** The kinds that balance over member instances (`memberIds`): public rules and internal load balancers. */
const BALANCERS: ReadonlySet<string> = new Set(["LoadBalancerRule", "InternalLoadBalancer"]);

/**
 * A load balancer in front of one instance balances nothing: that instance's failure, reboot or upgrade takes the
 * service down with it, and the balancer only adds a hop. Advisory: a balancer may be made before its members (a
 * blue/green switch, a service being scaled out), and some services are single on purpose.
 */
export const lbMinMembers: ResourceValidationPolicy = {
  name: "cim-lb-min-members",
  description:
    "A load-balancer rule or internal load balancer has at least two member instances (memberIds), so one instance's failure or upgrade does not take the service down.",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-lb-min-members"],
  severity: "medium",
  configSchema: {
    properties: {
      minMembers: {
        type: "number",
        minimum: 1,
        default: DEFAULT_CONFIG["cim-lb-min-members"].minMembers,
        description: "The fewest member instances a load balancer may have.",
      },
    },
  },
  validateResource: (args, report) => {
    if (!BALANCERS.has(kindOf(args.type) ?? "")) return;
    const { minMembers: min } = configOf("cim-lb-min-members", args);
    const props = args.props as { memberIds?: unknown };
    // the list is known at preview even when the ids in it are not (instances still to create)
    const count = known(() => (Array.isArray(props.memberIds) ? props.memberIds.length : 0));
    if (count !== UNKNOWN && count < min) {
      const where = isKind(args.type, "InternalLoadBalancer")
        ? "the load balancer's tier"
        : "the rule's network";
      report(
        `memberIds names ${count} instance${count === 1 ? "" : "s"}, fewer than ${min}: with a single member, its failure, reboot or upgrade takes the service down. Add instances on ${where} to memberIds.`,
      );
    }
  },
};

/**
 * A production Kubernetes cluster with one control-plane node loses its API server, scheduler and etcd with that
 * one VM: workloads keep running but nothing can be deployed, scaled or healed until it is back. The platform
 * runs more control nodes only on versions that support HA (checked at preview), and `controlNodes` replaces the
 * cluster, so this is best decided before the first `up`. Advisory: a production cluster may be small on purpose.
 */
export const clusterHa: ResourceValidationPolicy = {
  name: "cim-cluster-ha",
  description:
    "Kubernetes clusters tagged as production (by default env=prod or env=production) have at least two control-plane nodes (controlNodes).",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-cluster-ha"],
  severity: "medium",
  configSchema: {
    properties: {
      tagKey: {
        type: "string",
        default: DEFAULT_CONFIG["cim-cluster-ha"].tagKey,
        description: "The tag that marks production.",
      },
      tagValues: stringList(
        "Values of that tag that mean production (compared case-insensitively).",
        DEFAULT_CONFIG["cim-cluster-ha"].tagValues,
      ),
      minControlNodes: {
        type: "number",
        minimum: 1,
        default: DEFAULT_CONFIG["cim-cluster-ha"].minControlNodes,
        description: "The fewest control-plane nodes a production cluster may have.",
      },
    },
  },
  validateResource: (args, report) => {
    if (!isKind(args.type, "KubernetesCluster")) return;
    const { tagKey, tagValues, minControlNodes: min } = configOf("cim-cluster-ha", args);
    const props = args.props as { tags?: Record<string, unknown>; controlNodes?: unknown };
    const value = known(() => props.tags?.[tagKey]);
    if (typeof value !== "string" || !tagValues.some((v) => v.toLowerCase() === value.toLowerCase())) return;
    const nodes = known(() => (typeof props.controlNodes === "number" ? props.controlNodes : 1));
    if (nodes !== UNKNOWN && nodes < min) {
      report(
        `the cluster is tagged ${tagKey}=${value} (production) but has ${nodes} control-plane node${nodes === 1 ? "" : "s"}, fewer than ${min}: losing that VM stops deploys, scaling and self-healing until it is back. Set controlNodes to ${min} or more (a version that supports HA; a change replaces the cluster).`,
      );
    }
  },
};

// --------------------------------------------------------------------------------------------- stack policies

export const label = (r: PolicyResource) => `${r.name} (${kindOf(r.type) ?? r.type})`;

/**
 * The resources of kind `kind` that property `property` of `r` depends on. When the engine recorded no
 * property dependencies for `r` at all, its resource dependencies of that kind stand in.
 */
export function dependsThrough(r: PolicyResource, property: string, kind: Kind): PolicyResource[] {
  const byProperty = r.propertyDependencies ?? {};
  const deps = Object.keys(byProperty).length ? (byProperty[property] ?? []) : (r.dependencies ?? []);
  return deps.filter((d) => isKind(d.type, kind));
}

/**
 * A program variable a resource's name suggests, for advice written as code: `web-2` → `web2`, `db backup` →
 * `dbBackup` (a resource's name is often no valid identifier).
 */
export function variableFor(name: string): string {
  const words = name.split(/[^A-Za-z0-9_$]+/).filter(Boolean);
  const joined = words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join("");
  return /^[A-Za-z_$]/.test(joined) ? joined : `_${joined}`;
}

export const instanceBackupSchedule: StackValidationPolicy = {
  name: "cim-instance-backup-schedule",
  description:
    "Every instance in the program must have a cim.BackupSchedule whose instanceId is that instance.",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-instance-backup-schedule"],
  severity: "medium",
  validateStack: (args: StackValidationArgs, report: ReportViolation) => {
    const instances = args.resources.filter((r) => isKind(r.type, "Instance"));
    const schedules = args.resources.filter((r) => isKind(r.type, "BackupSchedule"));
    const covered = new Set<string>();
    for (const s of schedules) {
      for (const d of dependsThrough(s, "instanceId", "Instance")) covered.add(d.urn);
      // An instance adopted by id and a schedule that names the same id literally.
      const id = known(() => s.props.instanceId);
      if (typeof id === "string") {
        for (const i of instances) if (known(() => i.props.adoptId) === id) covered.add(i.urn);
      }
    }
    for (const i of instances) {
      if (!covered.has(i.urn)) {
        report(
          `instance ${i.name} has no backup schedule. Add new cim.BackupSchedule("${i.name}-backup", { instanceId: ${variableFor(i.name)}.id, intervalType: "DAILY", schedule: "30:02" }), ${variableFor(i.name)} being the variable that holds instance ${i.name} (the instance needs a backupOfferingId for it).`,
          i.urn,
        );
      }
    }
  },
};

/**
 * Mandatory by default: the platform refuses a backup schedule or backup of an instance without a backup offering
 * (CloudStack's createBackupSchedule and createBackup), so such a program cannot succeed. `up` would fail at that
 * resource after making the others; the provider's check cannot see it for an instance of the same program (not
 * made yet at preview), this rule can.
 */
export const backupNeedsOffering: StackValidationPolicy = {
  name: "cim-backup-needs-offering",
  description:
    "A cim.BackupSchedule or cim.Backup of an instance of the program needs that instance's backupOfferingId.",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-backup-needs-offering"],
  severity: "high",
  validateStack: (args: StackValidationArgs, report: ReportViolation) => {
    const backups = args.resources.filter(
      (r) => isKind(r.type, "BackupSchedule") || isKind(r.type, "Backup"),
    );
    for (const b of backups) {
      for (const i of dependsThrough(b, "instanceId", "Instance")) {
        // unknown until deploy (from another resource's output) counts as given
        const offering = known(() => i.props.backupOfferingId);
        if (offering !== undefined && offering !== null && offering !== "") continue;
        report(
          `${label(b)} backs up instance ${i.name}, which has no backupOfferingId: the platform refuses backups and backup schedules of an instance without a backup offering. Give ${i.name} a backupOfferingId, e.g. (await cim.getBackupOffering({ name: "Standard", zoneId })).id.`,
          b.urn,
        );
      }
    }
  },
};

export const volumeSameZone: StackValidationPolicy = {
  name: "cim-volume-same-zone",
  description: "A volume attached to an instance must be in the same zone as that instance.",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-volume-same-zone"],
  severity: "medium",
  validateStack: (args: StackValidationArgs, report: ReportViolation) => {
    for (const v of args.resources.filter((r) => isKind(r.type, "Volume"))) {
      const volumeZone = known(() => v.props.zoneId);
      if (typeof volumeZone !== "string") continue;
      for (const i of dependsThrough(v, "instanceId", "Instance")) {
        const instanceZone = known(() => i.props.zoneId);
        if (typeof instanceZone === "string" && instanceZone !== volumeZone) {
          report(
            `volume ${v.name} is in zone ${volumeZone} but is attached to ${label(i)} in zone ${instanceZone}; a volume attaches only to an instance of its own zone. Create the volume in zone ${instanceZone}.`,
            v.urn,
          );
        }
      }
    }
  },
};

export const staticNatExposure: StackValidationPolicy = {
  name: "cim-static-nat-exposure",
  description:
    "An instance a cim.StaticNat maps a public address onto (every port reachable) must not accept SSH password logins.",
  enforcementLevel: DEFAULT_ENFORCEMENT["cim-static-nat-exposure"],
  severity: "high",
  validateStack: (args: StackValidationArgs, report: ReportViolation) => {
    const instances = args.resources.filter((r) => isKind(r.type, "Instance"));
    for (const nat of args.resources.filter((r) => isKind(r.type, "StaticNat"))) {
      const targets = new Set(dependsThrough(nat, "instanceId", "Instance"));
      // an instance adopted by id and a static NAT that names the same id literally
      const id = known(() => nat.props.instanceId);
      if (typeof id === "string") {
        for (const i of instances) if (known(() => i.props.adoptId) === id) targets.add(i);
      }
      for (const i of targets) {
        if (known(() => i.props.allowPasswordSsh) === true) {
          report(
            `static NAT ${nat.name} makes every port of ${label(i)} reachable from a public address, and ${i.name} accepts SSH password logins (allowPasswordSsh: true). Remove allowPasswordSsh and give sshKeyNames, or do not expose the instance.`,
            nat.urn,
          );
        }
      }
    }
  },
};

export const policies = [
  noPasswordSsh,
  noOpenAdminPorts,
  productionDeleteProtection,
  requiredTags,
  allowedRegions,
  allowedZones,
  maxRootDiskSize,
  instanceBackupSchedule,
  backupNeedsOffering,
  volumeSameZone,
  staticNatExposure,
  lbMinMembers,
  clusterHa,
  noPublicTemplates,
];
