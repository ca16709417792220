// The records of the instances family as the API shows them: zod schemas and their types (loose objects, strict
// about the types of fields present; null reads as absent: client/records.ts).

import { z } from "zod";
import { bool, int, num, record, str } from "../../client/records";

export const InstanceSchema = z.looseObject({
  id: z.string().describe("The instance's id."),
  name: str().describe("The instance's host name, unique in the region."),
  displayName: str().describe("The instance's free-form listing label (need not be unique)."),
  state: str().describe(
    "The instance's state: Starting, Running, Stopping, Stopped, Migrating, Destroyed, Expunging or Error.",
  ),
  instanceType: str().describe(
    "The name of the instance's compute offering (the same as `serviceOfferingName`).",
  ),
  cpuNumber: int().describe("The number of vCPUs the instance has."),
  cpuSpeed: int().describe("The speed of each vCPU in MHz."),
  memoryKbs: num().describe("The memory the instance uses in KiB, as the platform reports it."),
  hypervisor: str().describe("The hypervisor the instance runs on, e.g. `KVM`."),
  ipAddress: str().describe("The private address of the instance's default interface."),
  networkKbsRead: num().describe("The incoming network traffic of the instance in KiB."),
  networkKbsWrite: num().describe("The outgoing network traffic of the instance in KiB."),
  receivedBytes: num().describe("The total network traffic the instance received, in bytes."),
  sentBytes: num().describe("The total network traffic the instance sent, in bytes."),
  diskKbsRead: num().describe("The amount read from the instance's disks in KiB."),
  diskKbsWrite: num().describe("The amount written to the instance's disks in KiB."),
  diskIoRead: num().describe("The number of read operations on the instance's disks."),
  diskIoWrite: num().describe("The number of write operations on the instance's disks."),
  osDisplayName: str().describe(
    "The name of the instance's operating system, as its template or ISO gives it.",
  ),
  haEnabled: bool().describe("Whether high availability is enabled for the instance."),
  deleteProtection: bool().describe("While true the API refuses to delete the instance."),
  created: str().describe("When the instance was created (ISO 8601 date-time)."),
  lastUpdated: str().describe("When the instance was last updated (ISO 8601 date-time)."),
  account: str().describe("The account that owns the instance."),
  domain: str().describe("The name of the domain the instance belongs to."),
  tags: record().describe("The instance's tags, a map of key to value."),
  details: record().describe(
    "The instance's details: settings in key/value pairs, as the platform keeps them.",
  ),
  cpuUtilization: str().describe(
    "The share of the instance's CPU in use, as text such as `12%`; empty or absent when it is not running.",
  ),
  memoryUtilization: str().describe(
    "The share of the instance's memory in use, as text such as `40%`; empty or absent when it is not running.",
  ),
  templateId: str().describe(
    "The id of the template the instance was made from (`cim.getTemplate`), or of its ISO (`cim.getIso`).",
  ),
  templateName: str().describe("The name of the instance's template or ISO."),
  templateType: str().describe(
    "The type of the instance's template, e.g. `USER`; `ISO` when it boots from an ISO.",
  ),
  templateFormat: str().describe(
    "The disk image format of the instance's template, e.g. `QCOW2`; `ISO` when it boots from an ISO.",
  ),
  templateDisplayText: str().describe("The display text (description) of the instance's template or ISO."),
  serviceOfferingId: str().describe("The id of the instance's compute offering (`cim.getComputeOffering`)."),
  serviceOfferingName: str().describe("The name of the instance's compute offering."),
  diskOfferingId: str().describe(
    "The id of the disk offering of the instance's root disk (`cim.getDiskOffering`), when it has one.",
  ),
  diskOfferingName: str().describe(
    "The name of the disk offering of the instance's root disk, when it has one.",
  ),
  zoneId: str().describe("The id of the instance's zone (`cim.getZone`)."),
  zoneName: str().describe("The name of the instance's zone."),
  hostId: str().describe(
    "The id of the hypervisor host the instance runs on; empty or absent when it is not running.",
  ),
  hostname: str().describe(
    "The name of the hypervisor host the instance runs on; empty or absent when it is not running.",
  ),
  hostControlState: str().describe(
    "The platform's control state of the instance's host (Enabled, Disabled, Offline, Maintenance, …).",
  ),
  memory: int().describe("The memory of the instance in MB."),
  cpuTotal: str().describe(
    "The instance's total CPU (vCPUs times their speed) as formatted text, e.g. `0.5 Ghz`.",
  ),
  memoryTotal: str().describe("The instance's memory as formatted text, e.g. `0.50 GiB`."),
  instanceName: str().describe(
    "The platform's internal name of the instance, in the form `i-<number>-<number>-VM`.",
  ),
  passwordEnabled: bool().describe(
    "Whether the instance's template supports the platform's password reset feature.",
  ),
  displayVm: bool().describe(
    "Whether the instance is shown to the end user (a setting administrators change).",
  ),
  isDynamicallyScalable: bool().describe(
    "Whether the instance's CPU and memory can be scaled while it runs, as the platform reports it.",
  ),
  userId: str().describe("The id of the user who deployed the instance."),
  username: str().describe("The name of the user who deployed the instance."),
  domainId: str().describe("The id of the domain the instance belongs to."),
  guestOsId: str().describe("The id of the instance's OS type (`cim.getOsType`); the same as `osTypeId`."),
  osTypeId: str().describe("The id of the instance's OS type (`cim.getOsType`)."),
  rootDeviceId: int().describe("The device id of the instance's root volume."),
  rootDeviceType: str().describe("The device type of the instance's root volume, e.g. `ROOT`."),
  bootMode: str().describe("The boot mode of the instance, e.g. `LEGACY` or `SECURE`."),
  bootType: str().describe("The boot type of the instance, `BIOS` or `UEFI`."),
  poolType: str().describe(
    "The type of storage pool of the instance, as the platform reports it (e.g. `NetworkFilesystem`).",
  ),
  arch: str().describe("The CPU architecture of the instance, e.g. `x86_64`."),
  hasAnnotations: bool().describe("Whether the instance has comments (the platform's annotations)."),
  backupOfferingId: str().describe(
    "The id of the instance's backup offering (`cim.getBackupOffering`); empty or absent when it has none.",
  ),
  backupOfferingName: str().describe(
    "The name of the instance's backup offering; empty or absent when it has none.",
  ),
  group: str().describe(
    "The name of the instance group the instance is in (`cim.getInstanceGroup`); empty when it is in none.",
  ),
  groupId: str().describe("The id of the instance group the instance is in; empty when it is in none."),
});
export type Instance = z.output<typeof InstanceSchema>;

/** Create Instance answers the Instance object; the emulator adds jobId (the deploy job). */
export const InstanceAcceptedSchema = InstanceSchema.extend({
  jobId: str().describe("The id of the job that deploys the instance; poll it until the job ends."),
});
