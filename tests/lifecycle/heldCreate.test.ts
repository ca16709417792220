// A create the API holds past cim:requestTimeout and the lost-answer protocol's grace, then performs: the client
// found no job of it, so it sent the create again, and the API performed both. The resend's create looks once
// more for the first attempt's job when its own has ended, and deletes the second resource the first one made
// (tied to the request by its name), with a warning that says so. An unnamed create's look-alike (tied by time
// alone) may be another program's: it is named in a warning and left.
import { afterEach, beforeAll, expect, it } from "vitest";
import { providerFor } from "../../provider";
import { captureWarnings } from "../../provider/lifecycle/engineLog";
import { rows, useProviderEmulator } from "../fixtures/providerEmulator";

const api = useProviderEmulator({ jobLatencyMs: 0, pollMs: 5 });
const warnings: string[] = [];
beforeAll(() => {
  // The first attempt is held 4 s. The client gives up on it after 0.5 s, looks for its job at once and again
  // after the 2 s grace, then sends it again (about 3 s in); the resend's own look for the first attempt, once
  // its job has ended, waits the grace too (to about 5.5 s): the held request is performed between the two.
  process.env.CIM_REQUEST_TIMEOUT = "500ms";
  captureWarnings((m) => warnings.push(m));
});
afterEach(() => {
  warnings.length = 0;
});

it("a VPC create held past the timeout and the grace, performed after its resend: the second VPC is deleted, and a warning says so", async () => {
  const { call, ctl } = api();
  const zoneId = rows(await call("GET", "/zones"))[0].id;
  const vpcOfferingId = rows(await call("GET", "/offerings/vpc"))[0].id;
  await ctl.fault({ method: "POST", route: "/vpcs", latencyMs: 4_000, times: 1 });
  const provider = providerFor("Vpc");
  const checked = await provider.check!({}, { name: "held", cidr: "10.20.0.0/16", zoneId, vpcOfferingId });
  expect(checked.failures ?? []).toEqual([]);
  // what the create says (a check's read of the catalogue may time out at 500 ms too, and say so)
  warnings.length = 0;
  const created = await provider.create!(checked.inputs);

  const vpcs = rows(await call("GET", "/vpcs")).filter((v) => v.name === "held");
  expect(vpcs.map((v) => v.id)).toEqual([created.id]);
  const creates = rows(await call("GET", "/jobs/recent?limit=50")).filter((j) => j.command === "createVPC");
  expect(creates, "the API performed both requests").toHaveLength(2);
  const twin = creates.find((j) => j.resourceId !== created.id)?.resourceId;
  expect(warnings).toEqual([
    expect.stringMatching(
      new RegExp(
        `^cim:Vpc "held" \\(id ${created.id}\\) in region .*: its create request was held by the API past cim:requestTimeout and sent again; the API performed the first request as well, making a second VPC \\(id ${twin}\\), which was deleted\\.$`,
      ),
    ),
  ]);
}, 30_000);

it("a public IP acquire held the same way: the address the first request acquired is named in a warning and left, being tied to it by time alone", async () => {
  const { call, ctl } = api();
  const zoneId = rows(await call("GET", "/zones"))[0].id;
  const networkOfferingId = rows(await call("GET", "/offerings/network")).find((o) => !o.forVpc).id;
  const network = await call("POST", "/networks", {
    name: "ips",
    displayText: "ips",
    zoneId,
    networkOfferingId,
  });
  for (let j = await call("GET", `/jobs/${network.jobId}`); j.status === "running"; )
    j = await call("GET", `/jobs/${network.jobId}`);
  await ctl.fault({ method: "POST", route: "/public-ips", latencyMs: 4_000, times: 1 });
  const provider = providerFor("PublicIp");
  const checked = await provider.check!({}, { networkId: network.id });
  expect(checked.failures ?? []).toEqual([]);
  // what the create says (a check's read of the catalogue may time out at 500 ms too, and say so)
  warnings.length = 0;
  const created = await provider.create!(checked.inputs);

  const acquires = rows(await call("GET", "/jobs/recent?limit=50")).filter(
    (j) => j.command === "associateIpAddress",
  );
  expect(acquires, "the API performed both requests").toHaveLength(2);
  const other = acquires.find((j) => j.resourceId !== created.id)?.resourceId;
  const held = rows(await call("GET", `/public-ips?associatedNetworkId=${network.id}`)).map((ip) => ip.id);
  expect(held).toEqual(expect.arrayContaining([created.id, other]));
  const { ipAddress: address } = await call("GET", `/public-ips/${other}`);
  expect(address).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  expect(warnings).toEqual([
    expect.stringContaining(
      `its acquire request was held by the API past cim:requestTimeout and sent again; meanwhile a request like it (job ${acquires.find((j) => j.resourceId === other)?.jobId}) acquired public IP ${address} (id ${other}). Unless another program made it, it is a second public IP made for this one: delete it through the API or the console (DELETE on its id), or adopt it into the program with adoptId.`,
    ),
  ]);
}, 30_000);
