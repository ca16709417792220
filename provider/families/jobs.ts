// The platform command names a job carries, per operation, from every family's own table (<family>/jobs.ts):
// one line per family. What the lost-answer protocol (client/recovery.ts) looks for in the recent jobs, and
// what a mutation says it starts. An operation is named `<kind>.<verb>` after the kind (in lower camel case) whose
// record the job works on ("volume.resize": a cim.Volume's), so which kinds' operations start jobs follows from
// this table (startsJobs; the registry of kinds refuses a command that names no kind). It imports only those
// tables, which import nothing, so that the shapes every module of the client shares (client/types.ts) can name a
// command without reaching a family's client.

import { jobs as backups } from "./backups/jobs";
import { jobs as fileSystems } from "./fileSystems/jobs";
import { jobs as images } from "./images/jobs";
import { jobs as instances } from "./instances/jobs";
import { jobs as kubernetes } from "./kubernetes/jobs";
import { jobs as loadBalancers } from "./loadBalancers/jobs";
import { jobs as multiRegions } from "./multiRegions/jobs";
import { jobs as networkAcls } from "./networkAcls/jobs";
import { jobs as networks } from "./networks/jobs";
import { jobs as privateGateways } from "./privateGateways/jobs";
import { jobs as publicIps } from "./publicIps/jobs";
import { jobs as snapshots } from "./snapshots/jobs";
import { jobs as volumes } from "./volumes/jobs";
import { jobs as vpcs } from "./vpcs/jobs";

/** Each family's job commands. */
const BY_FAMILY = {
  instances,
  volumes,
  vpcs,
  networks,
  networkAcls,
  publicIps,
  snapshots,
  privateGateways,
  loadBalancers,
  backups,
  kubernetes,
  fileSystems,
  multiRegions,
  images,
} as const;

type KeysOf<T> = T extends unknown ? keyof T : never;

/** An operation a job can be started for: a key of a family's table, so a misspelt one does not compile. */
export type JobCommand = KeysOf<(typeof BY_FAMILY)[keyof typeof BY_FAMILY]>;

function merged(): { readonly [C in JobCommand]: readonly string[] } {
  const all: Record<string, readonly string[]> = {};
  for (const [family, table] of Object.entries(BY_FAMILY))
    for (const [command, names] of Object.entries(table)) {
      if (Object.hasOwn(all, command))
        throw new Error(`job commands: ${command} is declared twice (${family})`);
      all[command] = names;
    }
  return all as { readonly [C in JobCommand]: readonly string[] };
}

/**
 * The platform command names a job carries, per operation. Matching is case- and punctuation-insensitive,
 * so "deployVirtualMachine", "DEPLOY_VIRTUAL_MACHINE" and "deploy-virtual-machine" are the same.
 */
export const JOB_COMMANDS = merged();

/** The kind a command is of: its name before the dot, in upper camel case ("volume.resize": Volume). */
export const kindOfCommand = (command: string): string =>
  command.charAt(0).toUpperCase() + command.slice(1, command.indexOf("."));

const WITH_JOBS = new Set(Object.keys(JOB_COMMANDS).map(kindOfCommand));

/**
 * Whether operations of the kind named `kind` start jobs (some command of the table is the kind's). The others'
 * are synchronous: data the service keeps itself (tags, comments, projects, SSH key pairs, schedules, instance
 * groups) and calls the platform answers at once (a template's permissions).
 */
export const startsJobs = (kind: string): boolean => WITH_JOBS.has(kind);
