// What every family's mutations put on the wire, byte for byte: method, path with its query string, and JSON
// body, for full inputs carrying a caller's extra key (`bogus`) and a misspelt one (`displaytext`). The API reads
// many bodies key by key and ignores the keys it does not know, so neither may be sent; undefined fields are left
// out. The expected lines are what the client sent before its request fields were declared once
// (provider/client/requestShape.ts), so a change of that machinery that changes a byte fails here.

import { describe, expect, it } from "vitest";
import type { CimClient } from "../../provider/client";
import { ED25519 } from "../fixtures/sshKeys";
import { mockClient, mockOrigin, REGION_A } from "./helpers";

const EXTRA = { bogus: "x", displaytext: "misspelt" };
/** A caller's object with keys outside the request's declaration (a plain JS caller, or a spread). */
const loose = <T extends object>(input: T): T => ({ ...input, ...EXTRA });

type Case = [name: string, send: (c: CimClient) => Promise<unknown>];

const CASES: Case[] = [
  [
    "vpcs.create",
    (c) =>
      c.vpcs.create(
        loose({
          name: "v",
          displayText: "V",
          zoneId: "z",
          cidr: "10.0.0.0/16",
          vpcOfferingId: "vo",
          networkDomain: "d.example",
        }),
      ),
  ],
  [
    "vpcs.create minimal",
    (c) =>
      c.vpcs.create({ name: "v", displayText: "V", zoneId: "z", cidr: "10.0.0.0/16", vpcOfferingId: "vo" }),
  ],
  ["vpcs.update", (c) => c.vpcs.update("vpc-1", loose({ name: "v2", displayText: "V2" }))],
  ["vpcs.update name only", (c) => c.vpcs.update("vpc-1", { name: "v2" })],
  [
    "networks.create",
    (c) =>
      c.networks.create(
        loose({
          name: "n",
          displayText: "N",
          zoneId: "z",
          networkOfferingId: "no",
          vpcId: "vpc-1",
          gateway: "10.0.1.1",
          netmask: "255.255.255.0",
          networkDomain: "d.example",
          aclId: "acl-1",
        }),
      ),
  ],
  ["networks.update", (c) => c.networks.update("net-1", loose({ name: "n2", displayText: "N2" }))],
  [
    "networkAcls.createList",
    (c) => c.networkAcls.createList(loose({ name: "l", description: "L", vpcId: "vpc-1" })),
  ],
  [
    "networkAcls.updateList",
    (c) => c.networkAcls.updateList("acl-1", loose({ name: "l2", description: "L2" })),
  ],
  [
    "networkAcls.createRule",
    (c) =>
      c.networkAcls.createRule(
        loose({
          aclId: "acl-1",
          number: 10,
          protocol: "tcp",
          startPort: 80,
          endPort: 90,
          icmpType: -1,
          icmpCode: -1,
          cidrList: ["0.0.0.0/0", "10.0.0.0/8"],
          action: "allow",
          trafficType: "ingress",
          reason: "web",
        }),
      ),
  ],
  [
    "networkAcls.createRule minimal",
    (c) =>
      c.networkAcls.createRule({
        aclId: "acl-1",
        protocol: "all",
        cidrList: ["0.0.0.0/0"],
        action: "deny",
        trafficType: "egress",
      }),
  ],
  [
    "networkAcls.updateRule",
    (c) =>
      c.networkAcls.updateRule(
        "rule-1",
        loose({
          number: 10,
          protocol: "icmp",
          icmpType: 8,
          icmpCode: 0,
          cidrList: ["0.0.0.0/0"],
          action: "deny",
          trafficType: "egress",
          reason: "ping",
          aclId: "acl-9",
        }),
      ),
  ],
  [
    "instances.create",
    (c) =>
      c.instances.create(
        loose({
          serviceOfferingId: "so",
          templateId: "t",
          zoneId: "z",
          name: "vm",
          displayName: "VM",
          networkIds: ["n1", "n2"],
          startVm: false,
          keyPair: "kp",
          userData: "I2Nsb3VkLWNvbmZpZw==",
          hypervisor: "KVM",
          allowPasswordSsh: true,
          disableRootCompletely: false,
          diskOfferingId: "do",
          rootDiskSize: 20,
          imageType: "template" as const,
          volumeId: "not-sent-for-a-template",
          snapshotId: "not-sent-either",
          sshKeyNames: ["kp", "other"],
          dataDiskOfferingList: [{ diskOfferingId: "do", size: 5 }],
          ipToNetworkList: [{ networkId: "n2", ipAddress: "10.0.0.5" }],
        }),
      ),
  ],
  [
    // the API takes no networkIds beside ipToNetworkList: the list names every network, in order
    "instances.create with fixed addresses",
    (c) =>
      c.instances.create({
        serviceOfferingId: "so",
        templateId: "t",
        zoneId: "z",
        networkIds: ["n1", "n2", "n3"],
        ipToNetworkList: [
          { networkId: "n3", ipAddress: "10.0.3.5" },
          { networkId: "n1", ipAddress: "10.0.1.5" },
        ],
      }),
  ],
  [
    // templateId is required by the API whatever the image type: an ISO boot sends the ISO's id in it
    "instances.create from an ISO",
    (c) =>
      c.instances.create({
        serviceOfferingId: "so",
        zoneId: "z",
        imageType: "iso",
        isoId: "iso-1",
        diskOfferingId: "do",
      }),
  ],
  [
    "instances.create from a volume",
    (c) =>
      c.instances.create({
        serviceOfferingId: "so",
        templateId: "t",
        zoneId: "z",
        networkIds: [],
        imageType: "volume",
        volumeId: "vol-1",
        snapshotId: "not-sent",
      }),
  ],
  [
    "instances.update",
    (c) =>
      c.instances.update(
        "vm-1",
        loose({ name: "vm", displayName: "VM", haEnabled: true, deleteProtection: false, group: "g" }),
      ),
  ],
  [
    "volumes.create",
    (c) =>
      c.volumes.create(loose({ name: "v", zoneId: "z", diskOfferingId: "do", size: 10, snapshotId: "s" })),
  ],
  ["volumes.resize", (c) => c.volumes.resize("vol-1", loose({ size: 20, diskOfferingId: "do" }))],
  [
    "backupSchedules.create",
    (c) =>
      c.backupSchedules.create(
        loose({ vmId: "vm-1", intervalType: "DAILY", schedule: "30:02", timezone: "Europe/Berlin" }),
      ),
  ],
  [
    "backupSchedules.update",
    (c) => c.backupSchedules.update("bs-1", loose({ vmId: "vm-1", intervalType: "HOURLY", schedule: "15" })),
  ],
  ["backups.create", (c) => c.backups.create(loose({ vmId: "vm-1", name: "b", description: "B" }))],
  [
    "instanceSchedules.create",
    (c) =>
      c.instanceSchedules.create(
        "vm-1",
        loose({
          schedule: "0 22 * * MON-FRI",
          timezone: "UTC",
          action: "stop",
          startDate: "2030-01-01T00:00:00Z",
          endDate: "2031-01-01T00:00:00Z",
          enabled: true,
          name: "s",
          description: "S",
        }),
      ),
  ],
  ["instanceSchedules.update", (c) => c.instanceSchedules.update("vm-1", "s-1", loose({ enabled: false }))],
  [
    "loadBalancers.create",
    (c) =>
      c.loadBalancers.create(
        loose({
          name: "lb",
          description: "LB",
          publicIpId: "ip-1",
          publicPort: 80,
          privatePort: 8080,
          protocol: "tcp",
          algorithm: "roundrobin",
          networkId: "net-1",
        }),
      ),
  ],
  [
    "loadBalancers.update",
    (c) => c.loadBalancers.update("lb-1", loose({ name: "lb2", description: "LB2", algorithm: "source" })),
  ],
  [
    "internalLoadBalancers.create",
    (c) =>
      c.internalLoadBalancers.create(
        loose({
          name: "ilb",
          description: "ILB",
          networkId: "net-1",
          sourceIpAddressNetworkId: "net-1",
          sourceIpAddress: "10.0.1.10",
          sourcePort: 80,
          instancePort: 8080,
          algorithm: "leastconn",
        }),
      ),
  ],
  [
    "privateGateways.create",
    (c) =>
      c.privateGateways.create(
        loose({
          vpcId: "vpc-1",
          ipAddress: "10.1.0.2",
          gateway: "10.1.0.1",
          netmask: "255.255.255.0",
          vlan: 100,
          sourceNatSupported: true,
          aclId: "acl-1",
        }),
      ),
  ],
  ["multiRegions.create", (c) => c.multiRegions.create(loose({ name: "g", description: "G" }))],
  ["multiRegions.update", (c) => c.multiRegions.update("g-1", loose({ name: "g2", description: "G2" }))],
  ["multiRegions.addVpc", (c) => c.multiRegions.addVpc("g-1", loose({ regionId: "r-1", vpcId: "vpc-1" }))],
  ["projects.create", (c) => c.projects.create(loose({ name: "p", displayText: "P" }))],
  ["projects.update", (c) => c.projects.update("p-1", loose({ name: "p2", displayText: "P2" }))],
  [
    "publicIps.acquire",
    (c) => c.publicIps.acquire(loose({ networkId: "net-1", vpcId: "vpc-1", zoneId: "z" })),
  ],
  [
    "publicIps.enableStaticNat",
    (c) => c.publicIps.enableStaticNat("ip-1", loose({ virtualMachineId: "vm-1", networkId: "net-1" })),
  ],
  ["volumeSnapshots.create", (c) => c.volumeSnapshots.create(loose({ volumeId: "vol-1", name: "s" }))],
  [
    "instanceSnapshots.create",
    (c) =>
      c.instanceSnapshots.create(
        loose({ virtualMachineId: "vm-1", name: "s", description: "S", snapshotMemory: true }),
      ),
  ],
  ["sshKeyPairs.register", (c) => c.sshKeyPairs.register(loose({ name: "k", publicKey: ED25519 }))],
  [
    "fileSystems.create",
    (c) =>
      c.fileSystems.create(
        loose({
          name: "fs",
          description: "FS",
          zoneId: "z",
          networkId: "net-1",
          diskOfferingId: "do",
          size: 10,
          serviceOfferingId: "so",
          filesystem: "XFS",
        }),
      ),
  ],
  ["fileSystems.update", (c) => c.fileSystems.update("fs-1", loose({ name: "fs2", description: "FS2" }))],
  ["fileSystems.resize", (c) => c.fileSystems.resize("fs-1", loose({ size: 20, diskOfferingId: "do" }))],
  [
    "templates.register",
    (c) =>
      c.templates.register(
        loose({
          name: "t",
          displayText: "T",
          url: "https://images.example/t.qcow2",
          zoneId: "z",
          osTypeId: "os",
          isDynamicallyScalable: true,
          checksum: "{MD5}00",
          format: "QCOW2",
          hypervisor: "KVM",
          passwordEnabled: false,
          bootable: true,
        }),
      ),
  ],
  [
    "isos.register",
    (c) =>
      c.isos.register(
        loose({
          name: "i",
          url: "https://images.example/i.iso",
          zoneId: "z",
          format: "ISO",
          passwordEnabled: true,
          bootable: false,
        }),
      ),
  ],
  [
    "templates.update",
    (c) =>
      c.templates.update(
        "t-1",
        loose({
          name: "t2",
          displayText: "T2",
          osTypeId: "os",
          isDynamicallyScalable: false,
          passwordEnabled: true,
          bootable: false,
        }),
      ),
  ],
  ["isos.update", (c) => c.isos.update("i-1", loose({ name: "i2", passwordEnabled: true, bootable: false }))],
  [
    "kubernetesClusters.create",
    (c) =>
      c.kubernetesClusters.create(
        loose({
          name: "k",
          description: "K",
          zoneId: "z",
          kubernetesVersionId: "kv",
          serviceOfferingId: "so",
          networkId: "net-1",
          size: 2,
          controlNodes: 1,
          keyPair: "kp",
          nodeRootDiskSize: 20,
          autoscalingEnabled: true,
          minSize: 1,
          maxSize: 3,
        }),
      ),
  ],
  [
    "kubernetesClusters.scale",
    (c) =>
      c.kubernetesClusters.scale(
        "k-1",
        loose({ size: 3, serviceOfferingId: "so", autoscalingEnabled: true, minSize: 1, maxSize: 4 }),
      ),
  ],
  ["comments.add", (c) => c.comments.add({ kind: "volume", id: "vol-1" }, loose({ annotation: "hello" }))],
  [
    "comments.add admins only",
    (c) => c.comments.add({ kind: "volume", id: "vol-1" }, { annotation: "hello", adminsOnly: true }),
  ],
];

/** List filters: query parameters of the first page read. */
const FILTERS: Case[] = [
  [
    "publicIps.list",
    (c) =>
      c.publicIps
        .list(
          loose({
            ipAddress: "203.0.113.5",
            vpcId: "vpc-1",
            associatedNetworkId: "net-1",
            isStaticNat: false,
          }),
        )
        .all(),
  ],
  [
    "privateGateways.list",
    (c) => c.privateGateways.list(loose({ vpcId: "vpc-1", ipAddress: "10.1.0.2" })).all(),
  ],
  [
    "multiRegions.members",
    (c) => c.multiRegions.members(loose({ groupId: "g-1", vpcId: "vpc-1", regionId: "r-1" })).all(),
  ],
  [
    "audit.list",
    (c) =>
      c.audit
        .list(
          loose({
            startDate: "2030-01-01",
            endDate: "2030-01-02",
            resourceType: "VirtualMachine",
            resourceId: "vm-1",
            user: "u",
            method: "POST",
            keyword: "instances",
          }),
        )
        .all(),
  ],
  [
    "fileSystems.list",
    (c) => c.fileSystems.list(loose({ name: "fs", networkId: "net-1", zoneId: "z" })).all(),
  ],
  [
    "loadBalancers.list",
    (c) => c.loadBalancers.list(loose({ publicIpId: "ip-1", networkId: "net-1", name: "lb" })).all(),
  ],
  [
    "internalLoadBalancers.list",
    (c) =>
      c.internalLoadBalancers
        .list(loose({ networkId: "net-1", sourceIpAddress: "10.0.1.10", name: "ilb" }))
        .all(),
  ],
  ["publicIps.list unfiltered", (c) => c.publicIps.list().all()],
  ["instanceGroups.list", (c) => c.instanceGroups.list(loose({ id: "ig-1", name: "web", region: REGION_A }))],
  [
    "organizations.invitations",
    (c) => c.organizations.invitations(loose({ state: "Pending", tenantId: "t-1", activeOnly: true })).all(),
  ],
];

/** Answers every call: reads with an empty comment list, changes with an accepted job. */
function answer(o: { method: string }) {
  const data = o.method === "GET" ? { annotation: [], count: 0 } : { jobId: "j-1", id: "x-1" };
  return {
    statusCode: 200,
    data: JSON.stringify(data),
    responseOptions: { headers: { "content-type": "application/json" } },
  };
}

/** The first change a call sends (or its first read), as one line: method, path and query, body. */
async function sent(send: Case[1], read = false): Promise<string> {
  const origin = mockOrigin();
  origin.pool
    .intercept({ path: () => true, method: () => true })
    .reply(answer)
    .persist();
  const { client } = mockClient(origin.agent, { retry: { maxRetries: 0 } });
  await send(client).catch(() => undefined); // what the answer leads to is other tests' business
  const change = origin.calls().find((c) => (c.method === "GET") === read);
  await origin.agent.close();
  return change ? `${change.method} ${change.path} ${change.body ?? ""}`.trim() : "(nothing sent)";
}

describe("request bodies and query strings, byte for byte", () => {
  it("sends each family's declared keys only, in their order, undefined ones left out", async () => {
    const lines: Record<string, string> = {};
    for (const [name, send] of CASES) lines[name] = await sent(send);
    expect(lines).toMatchInlineSnapshot(`
      {
        "backupSchedules.create": "POST /api/v1/backups/schedules {"vmId":"vm-1","intervalType":"DAILY","schedule":"30:02","timezone":"Europe/Berlin"}",
        "backupSchedules.update": "PUT /api/v1/backups/schedules/bs-1 {"vmId":"vm-1","intervalType":"HOURLY","schedule":"15"}",
        "backups.create": "POST /api/v1/backups {"vmId":"vm-1","name":"b","description":"B"}",
        "comments.add": "POST /api/v1/volumes/vol-1/annotations?annotation=hello&adminsOnly=false",
        "comments.add admins only": "POST /api/v1/volumes/vol-1/annotations?annotation=hello&adminsOnly=true",
        "fileSystems.create": "POST /api/v1/filesystems {"name":"fs","description":"FS","zoneId":"z","networkId":"net-1","diskOfferingId":"do","size":10,"serviceOfferingId":"so","filesystem":"XFS"}",
        "fileSystems.resize": "POST /api/v1/filesystems/fs-1/resize?size=20&diskOfferingId=do",
        "fileSystems.update": "PUT /api/v1/filesystems/fs-1?name=fs2&description=FS2",
        "instanceSchedules.create": "POST /api/v1/compute/instances/vm-1/schedules?schedule=0+22+*+*+MON-FRI&timezone=UTC&action=stop&startDate=2030-01-01T00%3A00%3A00Z&endDate=2031-01-01T00%3A00%3A00Z&enabled=true&name=s&description=S",
        "instanceSchedules.update": "PUT /api/v1/compute/instances/vm-1/schedules/s-1?enabled=false",
        "instanceSnapshots.create": "POST /api/v1/vm-snapshots {"virtualMachineId":"vm-1","name":"s","description":"S","snapshotMemory":true}",
        "instances.create": "POST /api/v1/compute/instances {"serviceOfferingId":"so","templateId":"t","zoneId":"z","name":"vm","displayName":"VM","startVm":false,"keyPair":"kp","userData":"I2Nsb3VkLWNvbmZpZw==","hypervisor":"KVM","allowPasswordSsh":true,"disableRootCompletely":false,"diskOfferingId":"do","rootDiskSize":20,"imageType":"template","sshKeyNames":["kp","other"],"dataDiskOfferingList":[{"diskOfferingId":"do","size":5}],"ipToNetworkList":[{"networkId":"n1"},{"networkId":"n2","ip":"10.0.0.5","ipAddress":"10.0.0.5"}]}",
        "instances.create from a volume": "POST /api/v1/compute/instances {"serviceOfferingId":"so","templateId":"t","zoneId":"z","imageType":"volume","volumeId":"vol-1"}",
        "instances.create from an ISO": "POST /api/v1/compute/instances {"serviceOfferingId":"so","templateId":"iso-1","zoneId":"z","isoId":"iso-1","diskOfferingId":"do","imageType":"iso"}",
        "instances.create with fixed addresses": "POST /api/v1/compute/instances {"serviceOfferingId":"so","templateId":"t","zoneId":"z","ipToNetworkList":[{"networkId":"n1","ip":"10.0.1.5","ipAddress":"10.0.1.5"},{"networkId":"n2"},{"networkId":"n3","ip":"10.0.3.5","ipAddress":"10.0.3.5"}]}",
        "instances.update": "PUT /api/v1/compute/instances/vm-1?name=vm&displayName=VM&haEnabled=true&deleteProtection=false&group=g",
        "internalLoadBalancers.create": "POST /api/v1/loadbalancer/internal?name=ilb&description=ILB&networkId=net-1&sourceIpAddressNetworkId=net-1&sourceIpAddress=10.0.1.10&sourcePort=80&instancePort=8080&algorithm=leastconn&scheme=Internal",
        "isos.register": "POST /api/v1/isos {"name":"i","url":"https://images.example/i.iso","zoneId":"z","bootable":false}",
        "isos.update": "PUT /api/v1/isos/i-1?name=i2&bootable=false",
        "kubernetesClusters.create": "POST /api/v1/compute/kubernetes/clusters {"name":"k","description":"K","zoneId":"z","kubernetesVersionId":"kv","serviceOfferingId":"so","networkId":"net-1","size":2,"controlNodes":1,"keyPair":"kp","nodeRootDiskSize":20,"autoscalingEnabled":true,"minSize":1,"maxSize":3}",
        "kubernetesClusters.scale": "POST /api/v1/compute/kubernetes/clusters/k-1/nodes?size=3&serviceOfferingId=so&autoscalingEnabled=true&minSize=1&maxSize=4",
        "loadBalancers.create": "POST /api/v1/loadbalancer/rules {"name":"lb","description":"LB","publicIpId":"ip-1","publicPort":80,"privatePort":8080,"protocol":"tcp","algorithm":"roundrobin","networkId":"net-1"}",
        "loadBalancers.update": "PUT /api/v1/loadbalancer/rules/lb-1 {"name":"lb2","description":"LB2","algorithm":"source"}",
        "multiRegions.addVpc": "POST /api/v1/multi-regions/g-1/vpcs {"regionId":"r-1","vpcId":"vpc-1"}",
        "multiRegions.create": "POST /api/v1/multi-regions {"name":"g","description":"G"}",
        "multiRegions.update": "PUT /api/v1/multi-regions/g-1?name=g2&description=G2",
        "networkAcls.createList": "POST /api/v1/network-acls {"name":"l","description":"L","vpcId":"vpc-1"}",
        "networkAcls.createRule": "POST /api/v1/network-acls/rules {"aclId":"acl-1","number":10,"protocol":"tcp","startPort":80,"endPort":90,"icmpType":-1,"icmpCode":-1,"cidrList":["0.0.0.0/0","10.0.0.0/8"],"action":"allow","trafficType":"ingress","reason":"web"}",
        "networkAcls.createRule minimal": "POST /api/v1/network-acls/rules {"aclId":"acl-1","protocol":"all","cidrList":["0.0.0.0/0"],"action":"deny","trafficType":"egress"}",
        "networkAcls.updateList": "PUT /api/v1/network-acls/acl-1?name=l2&description=L2",
        "networkAcls.updateRule": "PUT /api/v1/network-acls/rules/rule-1 {"number":10,"protocol":"icmp","icmpType":8,"icmpCode":0,"cidrList":["0.0.0.0/0"],"action":"deny","trafficType":"egress","reason":"ping","partialUpgrade":false}",
        "networks.create": "POST /api/v1/networks {"name":"n","displayText":"N","zoneId":"z","networkOfferingId":"no","vpcId":"vpc-1","gateway":"10.0.1.1","netmask":"255.255.255.0","networkDomain":"d.example","aclId":"acl-1"}",
        "networks.update": "PUT /api/v1/networks/net-1?name=n2&displayText=N2",
        "privateGateways.create": "POST /api/v1/vpcs/private-gateways {"vpcId":"vpc-1","ipAddress":"10.1.0.2","gateway":"10.1.0.1","netmask":"255.255.255.0","vlan":100,"sourceNatSupported":true,"aclId":"acl-1"}",
        "projects.create": "POST /api/v1/projects {"name":"p","displayText":"P"}",
        "projects.update": "PUT /api/v1/projects/p-1?name=p2&displayText=P2",
        "publicIps.acquire": "POST /api/v1/public-ips {"networkId":"net-1","vpcId":"vpc-1","zoneId":"z"}",
        "publicIps.enableStaticNat": "POST /api/v1/public-ips/ip-1/static-nat {"virtualMachineId":"vm-1","networkId":"net-1"}",
        "sshKeyPairs.register": "POST /api/v1/ssh-keypairs {"name":"k","publicKey":"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMj+Z95qjDlVsd155q2L8M8zifUxVLavt4nnnAvPq9hR ops@example"}",
        "templates.register": "POST /api/v1/templates {"name":"t","displayText":"T","url":"https://images.example/t.qcow2","zoneId":"z","osTypeId":"os","isDynamicallyScalable":true,"checksum":"{MD5}00","format":"QCOW2","hypervisor":"KVM","passwordEnabled":false}",
        "templates.update": "PUT /api/v1/templates/t-1?name=t2&displayText=T2&osTypeId=os&isDynamicallyScalable=false&passwordEnabled=true",
        "volumeSnapshots.create": "POST /api/v1/snapshots {"volumeId":"vol-1","name":"s"}",
        "volumes.create": "POST /api/v1/volumes?name=v&zoneId=z&diskOfferingId=do&size=10&snapshotId=s",
        "volumes.resize": "POST /api/v1/volumes/vol-1/resize?size=20&diskOfferingId=do",
        "vpcs.create": "POST /api/v1/vpcs {"name":"v","displayText":"V","zoneId":"z","cidr":"10.0.0.0/16","vpcOfferingId":"vo","networkDomain":"d.example"}",
        "vpcs.create minimal": "POST /api/v1/vpcs {"name":"v","displayText":"V","zoneId":"z","cidr":"10.0.0.0/16","vpcOfferingId":"vo"}",
        "vpcs.update": "PUT /api/v1/vpcs/vpc-1?name=v2&displayText=V2",
        "vpcs.update name only": "PUT /api/v1/vpcs/vpc-1?name=v2",
      }
    `);
    for (const line of Object.values(lines)) expect(line).not.toMatch(/bogus|displaytext/);
  });

  it("sends a list's declared filters only", async () => {
    const lines: Record<string, string> = {};
    for (const [name, send] of FILTERS) lines[name] = await sent(send, true);
    expect(lines).toMatchInlineSnapshot(`
      {
        "audit.list": "GET /api/v1/audit?startDate=2030-01-01&endDate=2030-01-02&resourceType=VirtualMachine&resourceId=vm-1&user=u&method=POST&keyword=instances&page=1&pageSize=100",
        "fileSystems.list": "GET /api/v1/filesystems?name=fs&networkId=net-1&zoneId=z&page=1&pageSize=200",
        "instanceGroups.list": "GET /api/v1/instance-groups?id=ig-1&name=web",
        "internalLoadBalancers.list": "GET /api/v1/loadbalancer/internal?networkId=net-1&sourceIpAddress=10.0.1.10&name=ilb&page=1&pageSize=200",
        "loadBalancers.list": "GET /api/v1/loadbalancer/rules?publicIpId=ip-1&networkId=net-1&name=lb&page=1&pageSize=200",
        "multiRegions.members": "GET /api/v1/multi-regions/members?groupId=g-1&vpcId=vpc-1&regionId=r-1&page=1&pageSize=200",
        "organizations.invitations": "GET /api/v1/invitations?state=Pending&tenantId=t-1&activeOnly=true&page=1&pageSize=200",
        "privateGateways.list": "GET /api/v1/vpcs/private-gateways?vpcId=vpc-1&ipAddress=10.1.0.2&page=1&pageSize=200",
        "publicIps.list": "GET /api/v1/public-ips?ipAddress=203.0.113.5&vpcId=vpc-1&associatedNetworkId=net-1&isStaticNat=false&page=1&pageSize=200",
        "publicIps.list unfiltered": "GET /api/v1/public-ips?page=1&pageSize=200",
      }
    `);
    for (const line of Object.values(lines)) expect(line).not.toMatch(/bogus|displaytext/);
  });
});
