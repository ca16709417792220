// The public IP family of the client against the emulator: acquire (a job), read and list with filters, release,
// the source-NAT refusal as a failed job (JobFailedError), static NAT enabled and disabled (jobs) and read as one record
// (staticNatOf), and a lost acquire or enable recognised in the recent jobs, never sent twice.
import { describe, expect, it } from "vitest";
import {
  type CimClient,
  ConflictError,
  JobFailedError,
  NotFoundError,
  staticNatOf,
} from "../../provider/client";
import { dropNextAnswer, fastWait, instancesOn, isolatedNetwork, useHarness } from "./emulatorHarness";

describe("client.publicIps against the emulator", () => {
  let client: CimClient;
  const t = useHarness((c) => {
    client = c;
  });
  const { hits } = t;

  /** An isolated network (with its source-NAT address) and an instance on it. */
  async function networkWithInstance() {
    const networkId = await isolatedNetwork(client, t.cat);
    const [vm] = await instancesOn(client, t.cat, networkId, 1);
    return { networkId, vm: await client.instances.get(vm) };
  }

  it("acquire, get, list by filter, release; 404 after", async () => {
    const { networkId } = await networkWithInstance();
    const made = await client.publicIps.acquire({ networkId });
    expect(made.jobId).toBeDefined();
    expect((await client.jobs.wait(made, fastWait))?.status).toBe("success");
    const ip = await client.publicIps.get(made.id!);
    expect(ip).toMatchObject({ associatedNetworkId: networkId, isSourceNat: false, state: "Allocated" });
    const all = (await client.publicIps.listAll()).items;
    expect(all).toHaveLength(2); // with the network's source-NAT address
    expect((await client.publicIps.listAll({ ipAddress: ip.ipAddress })).items.map((i) => i.id)).toEqual([
      ip.id,
    ]);
    await client.jobs.wait(await client.publicIps.release(ip.id), fastWait);
    await expect(client.publicIps.get(ip.id)).rejects.toBeInstanceOf(NotFoundError);
    const nat = all.find((i) => i.isSourceNat)!;
    // checked in the job (NetworkServiceImpl.releaseIpAddressInternal): accepted, then the job fails
    const refused = await client.jobs.wait(await client.publicIps.release(nat.id), fastWait).catch((e) => e);
    expect(refused).toBeInstanceOf(JobFailedError);
    expect(refused.detail).toBe("ip address is used for source nat purposes and can not be disassociated.");
  });

  it("static NAT: enable and disable are jobs; staticNatOf reads it from the address", async () => {
    const { networkId, vm } = await networkWithInstance();
    const made = await client.publicIps.acquire({ networkId });
    await client.jobs.wait(made, fastWait);
    expect(staticNatOf(await client.publicIps.get(made.id!))).toMatchObject({
      id: made.id,
      state: "Disabled",
    });
    await client.jobs.wait(
      await client.publicIps.enableStaticNat(made.id!, { virtualMachineId: vm.id }),
      fastWait,
    );
    expect(staticNatOf(await client.publicIps.get(made.id!))).toMatchObject({
      id: made.id,
      state: "Enabled",
      virtualMachineId: vm.id,
      networkId,
      vmIpAddress: vm.ipAddress,
    });
    expect((await client.publicIps.listAll({ isStaticNat: true })).items.map((i) => i.id)).toEqual([made.id]);
    // another instance on the same address is the platform's conflict
    const second = await client.instances.create({
      zoneId: t.cat.zoneId,
      templateId: t.cat.templateId,
      serviceOfferingId: t.cat.serviceOfferingId,
      networkIds: [networkId],
    });
    await client.jobs.wait(second, fastWait);
    const taken = await client.publicIps
      .enableStaticNat(made.id!, { virtualMachineId: second.id! })
      .catch((e) => e);
    expect(taken).toBeInstanceOf(ConflictError);
    await client.jobs.wait(await client.publicIps.disableStaticNat(made.id!), fastWait);
    expect(staticNatOf(await client.publicIps.get(made.id!)).state).toBe("Disabled");
  });

  it("an acquire whose answer was lost after it landed is adopted from the recent jobs, not sent twice", async () => {
    const { networkId } = await networkWithInstance();
    await t.h.control.fault({ method: "POST", route: "/public-ips", action: "drop-after", times: 1 });
    const made = await client.publicIps.acquire({ networkId });
    expect(made.adopted).toBe(true);
    expect(await hits("POST /api/v1/public-ips")).toBe(1);
    await client.jobs.wait(made, fastWait);
    expect((await client.publicIps.listAll({ associatedNetworkId: networkId })).items).toHaveLength(2);
  });

  it("an enable whose answer was lost is adopted by command and address", async () => {
    const { networkId, vm } = await networkWithInstance();
    const made = await client.publicIps.acquire({ networkId });
    await client.jobs.wait(made, fastWait);
    await dropNextAnswer(t.h.control, "POST", "/public-ips/{id}/static-nat");
    const enabled = await client.publicIps.enableStaticNat(made.id!, { virtualMachineId: vm.id });
    expect(enabled).toMatchObject({ id: made.id, adopted: true });
    expect(await hits("POST /api/v1/public-ips/{id}/static-nat")).toBe(1);
  });
});
