import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOMY_LIMITS } from "../fixtures/limits";
import { ED25519, ED25519_B } from "../fixtures/sshKeys";
import { Api, type Catalogue, instanceBody, UUID } from "./harness";

let api: Api;
let c: Catalogue;
beforeAll(async () => ({ api, c } = await Api.withCatalogue({ limits: ROOMY_LIMITS })));
afterAll(() => api.close());

const vmBody = (extra: Record<string, unknown> = {}) => instanceBody(c, extra);
const create = (extra: Record<string, unknown> = {}) =>
  api.post("/compute/instances", { body: vmBody(extra) });

/** An isolated network of the catalogue's zone, its /24 given by its gateway. */
async function isolated(name: string, gateway: string) {
  const offering = c.networkOfferings.find((o) => !o.forVpc);
  const body = { name, zoneId: c.zone.id, networkOfferingId: offering.id, gateway, netmask: "255.255.255.0" };
  const net = await api.ok("POST", "/networks", { body });
  await api.waitJob(net.jobId);
  return net;
}

const INSTANCE_FIELDS: Record<string, string> = {
  id: "string",
  name: "string",
  displayName: "string",
  state: "string",
  instanceType: "string",
  cpuNumber: "number",
  cpuSpeed: "number",
  memoryKbs: "number",
  hypervisor: "string",
  ipAddress: "string",
  networkKbsRead: "number",
  networkKbsWrite: "number",
  receivedBytes: "number",
  sentBytes: "number",
  diskKbsRead: "number",
  diskKbsWrite: "number",
  diskIoRead: "number",
  diskIoWrite: "number",
  osDisplayName: "string",
  haEnabled: "boolean",
  deleteProtection: "boolean",
  created: "string",
  lastUpdated: "string",
  account: "string",
  domain: "string",
  tags: "object",
  details: "object",
  cpuUtilization: "string",
  memoryUtilization: "string",
  templateId: "string",
  templateName: "string",
  templateType: "string",
  templateFormat: "string",
  templateDisplayText: "string",
  serviceOfferingId: "string",
  serviceOfferingName: "string",
  diskOfferingId: "string",
  diskOfferingName: "string",
  zoneId: "string",
  zoneName: "string",
  hostId: "string",
  hostname: "string",
  hostControlState: "string",
  memory: "number",
  cpuTotal: "string",
  memoryTotal: "string",
  instanceName: "string",
  passwordEnabled: "boolean",
  displayVm: "boolean",
  isDynamicallyScalable: "boolean",
  userId: "string",
  username: "string",
  domainId: "string",
  guestOsId: "string",
  osTypeId: "string",
  rootDeviceId: "number",
  rootDeviceType: "string",
  bootMode: "string",
  bootType: "string",
  poolType: "string",
  arch: "string",
  hasAnnotations: "boolean",
  backupOfferingId: "string",
  backupOfferingName: "string",
};

describe("Instance record and create body", () => {
  it("Instance table: create answers the Instance object with every field of the spec, plus jobId", async () => {
    const res = await create({ name: "fields" });
    expect(res.status).toBe(200);
    for (const [field, type] of Object.entries(INSTANCE_FIELDS))
      expect(typeof res.body[field], field).toBe(type);
    expect(res.body.jobId).toMatch(UUID);
    const vm = await api.ok("GET", `/compute/instances/${res.body.id}`);
    for (const [field, type] of Object.entries(INSTANCE_FIELDS)) expect(typeof vm[field], field).toBe(type);
  });

  it("Instance table: values follow the offering and template (cpuTotal, memoryTotal, memoryKbs, names)", async () => {
    const small = c.offerings.find((o) => o.name === "Small");
    const vm = await api.instance(c, { serviceOfferingId: small.id });
    expect(vm).toMatchObject({
      cpuNumber: 1,
      cpuSpeed: 500,
      memory: 512,
      memoryKbs: 512 * 1024,
      cpuTotal: "0.5 Ghz",
      memoryTotal: "0.50 GiB",
      instanceType: "Small",
      serviceOfferingName: "Small",
      templateName: c.template.name,
      zoneName: c.zone.name,
      state: "Running",
    });
  });

  it("Value conventions 1 and 4: ids are UUID strings; created and lastUpdated are ISO 8601 date-times", async () => {
    const vm = await api.instance(c);
    expect(vm.id).toMatch(UUID);
    expect(Number.isNaN(Date.parse(vm.created))).toBe(false);
    expect(Number.isNaN(Date.parse(vm.lastUpdated))).toBe(false);
  });

  it("Create body: serviceOfferingId, templateId and zoneId are required (400 naming the field)", async () => {
    for (const field of ["serviceOfferingId", "templateId", "zoneId"]) {
      const body = vmBody();
      delete (body as any)[field];
      const res = await api.post("/compute/instances", { body });
      expect(res.status, field).toBe(400);
      expect(res.body.message).toContain(field);
    }
  });

  it("Create body: zoneId must be a zone in the region the request is routed to", async () => {
    const other = await api.catalogue(api.secondary.id);
    const res = await create({ zoneId: other.zone.id });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("zoneId");
  });

  it("Create body: templateId and serviceOfferingId must exist in the catalogue", async () => {
    expect((await create({ templateId: "00000000-0000-4000-8000-000000000000" })).status).toBe(400);
    expect((await create({ serviceOfferingId: "00000000-0000-4000-8000-000000000000" })).status).toBe(400);
  });

  it("Create body: name must be unique (409) and use host-name characters (400); generated when omitted", async () => {
    await api.instance(c, { name: "unique-host" });
    const dup = await create({ name: "unique-host" });
    expect(dup.status).toBe(409);
    for (const bad of ["under_score", "-lead", "trail-", "has space", "9starts-with-digit", "x".repeat(64)]) {
      expect((await create({ name: bad })).status, bad).toBe(400);
    }
    const generated = await api.instance(c);
    expect(generated.name).toMatch(/^[a-z][a-z0-9-]*$/);
    expect(generated.displayName).toBe(generated.name);
  });

  it("Create body: displayName is a free-form label and need not be unique", async () => {
    const a = await api.instance(c, { displayName: "Web Server #1" });
    const b = await api.instance(c, { displayName: "Web Server #1" });
    expect(a.displayName).toBe("Web Server #1");
    expect(b.displayName).toBe("Web Server #1");
  });

  it("Create body: rootDiskSize (GB) cannot be smaller than the template requires", async () => {
    const template = c.templates.find((t) => t.minRootDiskSizeGb >= 10);
    const small = await create({ templateId: template.id, rootDiskSize: template.minRootDiskSizeGb - 1 });
    expect(small.status).toBe(400);
    expect(small.body.message).toContain("rootDiskSize");
    const ok = await create({ templateId: template.id, rootDiskSize: template.minRootDiskSizeGb + 5 });
    expect(ok.status).toBe(200);
    expect(ok.body.details.rootDiskSize).toBe(String(template.minRootDiskSizeGb + 5));
  });

  it("Create body: imageType iso needs isoId and diskOfferingId; templateId is then ignored", async () => {
    const missingIso = await create({ imageType: "iso", diskOfferingId: c.diskOfferings[0].id });
    expect(missingIso.status).toBe(400);
    expect(missingIso.body.message).toContain("isoId");
    const missingDisk = await create({ imageType: "iso", isoId: c.isos[0].id });
    expect(missingDisk.status).toBe(400);
    expect(missingDisk.body.message).toContain("diskOfferingId");
    const ok = await create({
      imageType: "iso",
      isoId: c.isos[0].id,
      diskOfferingId: c.diskOfferings[0].id,
      templateId: "ignored",
    });
    expect(ok.status).toBe(200);
    expect(ok.body.templateId).toBe(c.isos[0].id);
    expect(ok.body.diskOfferingId).toBe(c.diskOfferings[0].id);
  });

  it("Create body: templateId is required for every image type, an ISO deploy's too (CloudStack's templateid)", async () => {
    const { templateId: _, ...noTemplate } = vmBody({
      imageType: "iso",
      isoId: c.isos[0].id,
      diskOfferingId: c.diskOfferings[0].id,
    });
    const iso = await api.post("/compute/instances", { body: noTemplate });
    expect(iso.status).toBe(400);
    expect(iso.body).toMatchObject({
      message: "Required parameter 'templateId' is not present",
      detail: "Missing parameter: templateId",
    });
  });

  it("Create body: imageType is one of template, iso, volume, snapshot", async () => {
    expect((await create({ imageType: "container" })).status).toBe(400);
  });

  it("Create body: startVm defaults to true (Running); false leaves the instance Stopped", async () => {
    expect((await api.instance(c)).state).toBe("Running");
    expect((await api.instance(c, { startVm: false })).state).toBe("Stopped");
  });

  it("Create body: userData must be base64 and is never returned on reads", async () => {
    expect((await create({ userData: "not base64!" })).status).toBe(400);
    const payload = Buffer.from("#cloud-config\npackages: [nginx]\n").toString("base64");
    const res = await create({ userData: payload });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(payload);
    const vm = await api.ok("GET", `/compute/instances/${res.body.id}`);
    expect(vm.userData).toBeUndefined();
    expect(JSON.stringify(vm)).not.toContain(payload);
  });

  it("Create body: userData is at most vm.userdata.max.length (32,768) characters of base64, as CloudStack counts them", async () => {
    const over = await create({ userData: "QUJD".repeat(8_193) });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe("User data has exceeded configurable max length : 32768");
    const ceiling = await create({ userData: "QUJD".repeat(262_144) });
    expect(ceiling.body.message).toBe("User data is too long for an http POST request");
    expect((await create({ userData: "QUJD".repeat(8_192) })).status).toBe(200);
  });

  it("Create body / Limits: sshKeyNames — only the first is used", async () => {
    await api.ok("POST", "/ssh-keypairs", { body: { name: "first", publicKey: ED25519 } });
    await api.ok("POST", "/ssh-keypairs", { body: { name: "second", publicKey: ED25519_B } });
    const vm = await api.instance(c, { sshKeyNames: ["first", "second"] });
    expect(vm.keyPair).toBe("first");
  });

  it("Create body: networkIds is comma-separated, attached in order, the first is the default interface", async () => {
    const offering = c.networkOfferings.find((o) => !o.forVpc);
    const n1 = await api.ok("POST", "/networks", {
      body: {
        name: "n1",
        zoneId: c.zone.id,
        networkOfferingId: offering.id,
        gateway: "10.10.1.1",
        netmask: "255.255.255.0",
      },
    });
    const n2 = await api.ok("POST", "/networks", {
      body: {
        name: "n2",
        zoneId: c.zone.id,
        networkOfferingId: offering.id,
        gateway: "10.10.2.1",
        netmask: "255.255.255.0",
      },
    });
    await api.waitJob(n2.jobId);
    const vm = await api.instance(c, { networkIds: `${n2.id},${n1.id}` });
    expect(vm.networkIds).toEqual([n2.id, n1.id]);
    expect(vm.ipAddress).toMatch(/^10\.10\.2\./);
    expect(vm.nics[0]).toMatchObject({ networkId: n2.id, isDefault: true });
  });

  it("Create body: when networkIds is omitted the zone default network is used", async () => {
    const vm = await api.instance(c);
    expect(vm.networkIds).toEqual([c.zone.defaultNetworkId]);
    const net = await api.ok("GET", `/networks/${c.zone.defaultNetworkId}`);
    expect(net.type).toBe("Shared");
  });

  it("Create body: networkIds must exist in the region", async () => {
    const res = await create({ networkIds: "00000000-0000-4000-8000-000000000000" });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("networkIds");
  });

  it("Create body: ipToNetworkList fixes an address; it must lie inside the network's range and be unused", async () => {
    const net = await isolated("fixed", "10.20.0.1");
    const fixed = await api.instance(c, { ipToNetworkList: [{ networkId: net.id, ip: "10.20.0.50" }] });
    expect(fixed.ipAddress).toBe("10.20.0.50");
    const used = await create({ ipToNetworkList: [{ networkId: net.id, ip: "10.20.0.50" }] });
    expect(used.status).toBe(409);
    const outside = await create({ ipToNetworkList: [{ networkId: net.id, ip: "10.21.0.5" }] });
    expect(outside.status).toBe(400);
    const gateway = await create({ ipToNetworkList: [{ networkId: net.id, ip: "10.20.0.1" }] });
    expect(gateway.status).toBe(400);
  });

  it("Create body: ipToNetworkList names the networks itself, so networkIds as well is refused (CloudStack's DeployVMCmd)", async () => {
    const net = await isolated("both", "10.22.0.1");
    const both = await create({
      networkIds: net.id,
      ipToNetworkList: [{ networkId: net.id, ip: "10.22.0.50" }],
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe("ipToNetworkMap can't be specified along with networkIds or ipAddress");
  });

  it("Create body: ipToNetworkList items are {networkId, ip}, in NIC order; one without ip gets an address of its own", async () => {
    const a = await isolated("first", "10.23.0.1");
    const b = await isolated("second", "10.24.0.1");
    const vm = await api.instance(c, {
      ipToNetworkList: [{ networkId: a.id }, { networkId: b.id, ip: "10.24.0.77" }],
    });
    expect(vm.networkIds).toEqual([a.id, b.id]);
    expect(vm.nics[0]).toMatchObject({ networkId: a.id, isDefault: true });
    expect(vm.ipAddress).toMatch(/^10\.23\.0\./);
    expect(vm.nics[1]).toMatchObject({ networkId: b.id, ipAddress: "10.24.0.77" });
    // a key CloudStack does not read is ignored (the spec's common rule 4): the address is not fixed
    const other = await api.instance(c, { ipToNetworkList: [{ networkId: b.id, ipAddress: "10.24.0.88" }] });
    expect(other.ipAddress).not.toBe("10.24.0.88");
  });

  it("Create body: dataDiskOfferingList creates data disks attached at deploy time", async () => {
    const vm = await api.instance(c, { dataDiskOfferingList: [{ diskOfferingId: c.diskOfferings[0].id }] });
    const vols = await api.ok("GET", "/volumes", { query: { virtualMachineId: vm.id } });
    expect(vols.volumes.map((v: any) => [v.type, v.deviceId])).toEqual([
      ["ROOT", 0],
      ["DATADISK", 1],
    ]);
    expect(vols.volumes[1]).toMatchObject({ state: "Ready", virtualMachineId: vm.id, deviceId: 1 });
  });
});
