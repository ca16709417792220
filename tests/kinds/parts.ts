// What the in-process tests make through the API, as the user would, for a kind's row or a family's tests to
// name (an address and its instances, a VPC tier, a scheduled or backed-up instance, an ACL list), and the inputs
// several families share. The emulator and the providers are in ./world.ts.
import { call, cat, emu, first, job, nameOf, type Rec, rows, unique } from "./world";

/** Both instances made for a load-balancer rule's address, by address. */
export const lbMembers = new Map<string, string[]>();

/** A fresh public IP of the shared isolated network and two fresh instances on it: a load-balancer rule's parts. */
export async function balanced() {
  const { publicIpId, instanceId: a } = await addressAndInstance();
  const { instanceId: b } = await addressAndInstance();
  lbMembers.set(publicIpId, [a, b].sort());
  return { publicIpId, members: [a, b].sort() };
}

/** A VPC `10.<octet>.0.0/16` and its tier `10.<octet>.1.0/24` of the network offering given, made through the API. */
export async function vpcTier(name: string, octet: number, networkOfferingId: string): Promise<string> {
  const vpc = await call("POST", "/vpcs", {
    name,
    displayText: name,
    zoneId: cat.zone,
    cidr: `10.${octet}.0.0/16`,
    vpcOfferingId: cat.vpcOffering,
  });
  await job(vpc);
  const tier = await call("POST", "/networks", {
    name: `${name}-tier`,
    displayText: `${name}-tier`,
    zoneId: cat.zone,
    networkOfferingId,
    vpcId: vpc.id,
    gateway: `10.${octet}.1.1`,
    netmask: "255.255.255.0",
  });
  await job(tier);
  return tier.id as string;
}

/** A VPC tier whose offering serves the internal LB, made once and shared. */
let ilbTier: string | undefined;
export async function internalTier(): Promise<string> {
  ilbTier ??= await vpcTier("ilb", 77, (await first("/offerings/network", (n) => n.internalLb === true)).id);
  return ilbTier;
}

/** A fresh instance on the internal-LB tier, made through the API. */
export async function tierInstance(): Promise<string> {
  const vm = await call("POST", "/compute/instances", {
    zoneId: cat.zone,
    serviceOfferingId: cat.offering,
    templateId: cat.template,
    networkIds: await internalTier(),
  });
  await job(vm);
  return vm.id as string;
}

/** Both instances made for an internal load balancer, by its name. */
export const ilbMembers = new Map<string, string[]>();

/** A public IP of the shared isolated network and a fresh instance on it, made through the API. */
export async function addressAndInstance(networkId: string = cat.net) {
  const ip = await call("POST", "/public-ips", { networkId });
  await job(ip);
  const vm = await call("POST", "/compute/instances", {
    zoneId: cat.zone,
    serviceOfferingId: cat.offering,
    templateId: cat.template,
    networkIds: networkId,
  });
  await job(vm);
  return { publicIpId: ip.id as string, instanceId: vm.id as string };
}

export const instanceInputs = () => ({
  zoneId: cat.zone,
  serviceOfferingId: cat.offering,
  templateId: cat.template,
  name: nameOf("vm"),
  tags: { env: "test" },
});

export const volumeInputs = () => ({
  name: nameOf("disk"),
  zoneId: cat.zone,
  diskOfferingId: cat.custom,
  size: 10,
  tags: { a: "1" },
});

export const vpcInputs = () => ({
  name: nameOf("vpc"),
  zoneId: cat.zone,
  cidr: `10.${unique % 250}.0.0/16`,
  vpcOfferingId: cat.vpcOffering,
});

export const secondaryRegion = () => emu.regions.find((r) => !r.primary)!.id;

/** A VPC made through the API in a region (its job waited for there), for multi-region group members. */
export async function vpcIn(region: string): Promise<string> {
  const zoneId = rows(await call("GET", "/zones", undefined, region))[0].id;
  const vpcOfferingId = rows(await call("GET", "/offerings/vpc", undefined, region))[0].id;
  const v = await call(
    "POST",
    "/vpcs",
    { name: nameOf("mrvpc"), zoneId, cidr: `10.${unique % 250}.0.0/16`, vpcOfferingId },
    region,
  );
  for (let i = 0; i < 200; i++) {
    if ((await call("GET", `/jobs/${v.jobId}`, undefined, region)).status !== "running") return v.id;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`VPC job ${v.jobId} still running`);
}

/** A data volume made through the API (a comment's target). */
export async function apiVolume(): Promise<string> {
  const q = new URLSearchParams({
    name: nameOf("cvol"),
    zoneId: cat.zone,
    diskOfferingId: cat.custom,
    size: "5",
  });
  const v = await call("POST", `/volumes?${q}`);
  await job(v);
  return v.id;
}

/** A shared file system of 10 GB on the shared isolated network, served by a Medium VM. */
export const fsInputs = (extra: Rec = {}) => ({
  name: nameOf("fs"),
  zoneId: cat.zone,
  networkId: cat.net,
  diskOfferingId: cat.custom,
  size: 10,
  serviceOfferingId: cat.medium,
  description: "shared assets",
  ...extra,
});

export const templateInputs = (extra: Rec = {}) => ({
  name: nameOf("tpl"),
  url: `https://images.example.com/${unique}/golden.qcow2`,
  zoneId: cat.zone,
  format: "QCOW2",
  hypervisor: "KVM",
  osTypeId: cat.osType,
  ...extra,
});

/** A template registered through the API, once downloaded. */
export async function registeredTemplate(): Promise<string> {
  const t = await call("POST", "/templates", templateInputs());
  await waitJob(t.jobId);
  return t.id;
}
/** A second template for each TemplatePermissions row's replacement. */
export const otherTemplate = new Map<string, string>();

/** A cluster of one worker on the shared isolated network, Kubernetes 1.27.3 on the Medium offering. */
export const clusterInputs = (extra: Rec = {}) => ({
  name: nameOf("kube"),
  zoneId: cat.zone,
  kubernetesVersionId: cat["k8s-1.27.3"],
  serviceOfferingId: cat.medium,
  networkId: cat.net,
  size: 1,
  tags: { env: "test" },
  ...extra,
});

/** A running instance made through the API, and its root disk, for the snapshot kinds. */
export async function snapVm(extra: Rec = {}): Promise<{ id: string; rootId: string }> {
  const vm = await call("POST", "/compute/instances", { ...instanceInputs(), tags: undefined, ...extra });
  for (let i = 0; i < 200; i++) {
    const { state } = await call("GET", `/compute/instances/${vm.id}`);
    if (state === "Running" || state === "Stopped") break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const root = await first(`/volumes?virtualMachineId=${vm.id}`, (v) => v.type === "ROOT");
  return { id: vm.id, rootId: root.id };
}

/** A second list of each gateway's VPC, for the in-place change of a gateway's aclId. */
export const gatewayAcls = new Map<string, string>();

let scheduledVm: string | undefined;
/** One instance for the schedule rows (made through the API once). */
export async function scheduledInstance(): Promise<string> {
  if (scheduledVm) return scheduledVm;
  const vm = await call("POST", "/compute/instances", {
    zoneId: cat.zone,
    serviceOfferingId: cat.offering,
    templateId: cat.template,
    name: nameOf("svm"),
  });
  await waitJob(vm.jobId);
  scheduledVm = vm.id;
  return vm.id;
}

/** An instance under a backup offering, made through the API (for backups and their schedules). */
export async function backedUpInstance(): Promise<string> {
  const vm = await call("POST", "/compute/instances", {
    zoneId: cat.zone,
    serviceOfferingId: cat.offering,
    templateId: cat.template,
    name: nameOf("bvm"),
  });
  await waitJob(vm.jobId);
  const job = await call(
    "POST",
    `/compute/instances/${vm.id}/backup-offering?backupOfferingId=${cat.backupOffering}`,
  );
  await waitJob(job.jobId);
  return vm.id;
}

export async function waitJob(jobId: string) {
  for (let i = 0; i < 200; i++) {
    const job = await call("GET", `/jobs/${jobId}`);
    if (job.status !== "running") return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`job ${jobId} still running`);
}

let aclOctet = 0;
/** A VPC made through the API, for the ACL kinds. */
export async function aclVpc(): Promise<string> {
  const v = await call("POST", "/vpcs", {
    name: nameOf("aclvpc"),
    zoneId: cat.zone,
    cidr: `172.${16 + (aclOctet++ % 16)}.0.0/16`,
    vpcOfferingId: cat.vpcOffering,
  });
  await job(v);
  return v.id;
}
/** A VPC for a gateway, with a second list for its in-place change. */
export async function gatewayVpc(): Promise<string> {
  const vpcId = await aclVpc();
  gatewayAcls.set(vpcId, await aclList(vpcId));
  return vpcId;
}
/** A list made through the API in a new VPC. */
export async function aclList(vpcId?: string): Promise<string> {
  return (await call("POST", "/network-acls", { name: nameOf("list"), vpcId: vpcId ?? (await aclVpc()) })).id;
}
