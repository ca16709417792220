// cim.Instance with fixed private addresses (ipToNetworkList), in-process against the emulator: the deploy names
// the networks through the list alone, in networkIds order, and an address the API did not apply (it answers 2xx
// for an item key it does not read) fails the deploy instead of passing for success. Shared setup: ./world.ts.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { PartialStateError } from "../../provider/lifecycle/errors";
import { instanceInputs } from "./parts";
import { call, cat, emu, job, make, nameOf, p, type Rec, useEmulator } from "./world";

useEmulator();

let octet = 40;
/** An isolated network of the zone with a /24 of its own. */
async function network(): Promise<{ id: string; prefix: string }> {
  const prefix = `10.${++octet}.0`;
  const made = await call("POST", "/networks", {
    name: nameOf("fixed-net"),
    displayText: "fixed",
    zoneId: cat.zone,
    networkOfferingId: cat.isolated,
    gateway: `${prefix}.1`,
    netmask: "255.255.255.0",
  });
  return { id: (await job(made)).resourceId as string, prefix };
}

/**
 * A pass-through in front of the emulator that drops the address keys of the deploy's ipToNetworkList items, as
 * an API would that reads the address under another key: it deploys the instance with addresses of its own and
 * answers 2xx. What the provider sent is kept.
 */
let proxy: Server | undefined;
const deploys: Rec[] = [];
async function addressDroppingApi(): Promise<string> {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      let body = Buffer.concat(chunks).toString("utf8");
      if (req.method === "POST" && req.url === "/api/v1/compute/instances") {
        const sent = JSON.parse(body);
        deploys.push(sent);
        const items = (sent.ipToNetworkList ?? []) as Rec[];
        body = JSON.stringify({ ...sent, ipToNetworkList: items.map(({ networkId }) => ({ networkId })) });
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !["host", "content-length", "connection"].includes(k)),
      ) as Record<string, string>;
      const answer = await fetch(`${emu.url}${req.url}`, {
        method: req.method,
        headers,
        body: body === "" ? undefined : body,
      });
      const text = await answer.text();
      res.writeHead(answer.status, {
        "content-type": answer.headers.get("content-type") ?? "application/json",
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => proxy!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}

afterEach(async () => {
  process.env.CIM_BASE_URL = emu.url;
  deploys.length = 0;
  if (proxy) await new Promise((resolve) => proxy!.close(resolve));
  proxy = undefined;
});

describe("fixed private addresses (ipToNetworkList)", () => {
  it("the deploy names the networks through the list alone, in networkIds order; the addresses are the instance's", async () => {
    const [a, b] = [await network(), await network()];
    const vm = await make("Instance", {
      ...instanceInputs(),
      networkIds: [a.id, b.id],
      ipToNetworkList: [{ networkId: b.id, ipAddress: `${b.prefix}.77` }],
    });
    const live = await call("GET", `/compute/instances/${vm.id}`);
    expect(live.networkIds).toEqual([a.id, b.id]);
    expect(live.nics[1]).toMatchObject({ networkId: b.id, ipAddress: `${b.prefix}.77` });
    expect(vm.outs.ipToNetworkList).toEqual([{ networkId: b.id, ipAddress: `${b.prefix}.77` }]);
    await p("Instance").delete!(vm.id, vm.outs);
  });

  it("an address the API did not apply fails the deploy: the instance is kept as failed with the address it got, and the next up replaces it", async () => {
    const net = await network();
    process.env.CIM_BASE_URL = await addressDroppingApi();
    const asked = {
      ...instanceInputs(),
      networkIds: [net.id],
      ipToNetworkList: [{ networkId: net.id, ipAddress: `${net.prefix}.50` }],
    };
    const checked = await p("Instance").check!({}, asked);
    expect(checked.failures ?? []).toEqual([]);
    const err = await p("Instance")
      .create(checked.inputs)
      .catch((e: unknown) => e);
    // what went out: the networks through ipToNetworkList alone, the address under CloudStack's key and ours
    expect(deploys).toHaveLength(1);
    expect(deploys[0].networkIds).toBeUndefined();
    expect(deploys[0].ipToNetworkList).toEqual([
      { networkId: net.id, ip: `${net.prefix}.50`, ipAddress: `${net.prefix}.50` },
    ]);
    expect(err).toBeInstanceOf(PartialStateError);
    const partial = err as PartialStateError;
    const got = (await call("GET", `/compute/instances/${partial.id}`)).ipAddress as string;
    expect(got).not.toBe(`${net.prefix}.50`);
    expect(partial.message).toContain(
      `deployed, but the API did not apply ipToNetworkList (asked [{"networkId":"${net.id}","ipAddress":"${net.prefix}.50"}], got [{"networkId":"${net.id}","ipAddress":"${got}"}])`,
    );
    expect(partial.message).toContain("as the API has it; the next pulumi up replaces it");
    // state records the address the API gave: the next diff replaces the instance, not an update that passes
    expect(partial.properties.ipToNetworkList).toEqual([{ networkId: net.id, ipAddress: got }]);
    const d = await p("Instance").diff!(partial.id, partial.properties, checked.inputs);
    expect(d).toMatchObject({ changes: true, replaces: expect.arrayContaining(["ipToNetworkList"]) });
    await p("Instance").delete!(partial.id, partial.properties);
  });
});
