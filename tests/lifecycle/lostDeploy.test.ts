// An unnamed instance whose deploy answer is lost while another unnamed deploy lands at nearly the same moment
// (another stack, a console user): the provider names every deploy, so the lost answer is tied to its own job by
// name, never to the other deploy by time. Without a name the other job, closer to when the request was sent,
// would be adopted: two resources on one instance, and this deploy's instance left behind.
import { expect, it } from "vitest";
import { providerFor } from "../../provider";
import { generatedHostName } from "../../provider/families/instances/instance";
import { rows, useProviderEmulator } from "../fixtures/providerEmulator";

const api = useProviderEmulator({ jobLatencyMs: 0, pollMs: 5 });

it("a generated host name: vm- and 12 hex digits, new each time", () => {
  const names = new Set(Array.from({ length: 50 }, generatedHostName));
  expect(names.size).toBe(50);
  for (const n of names) expect(n).toMatch(/^vm-[0-9a-f]{12}$/);
});

it("a lost deploy answer is tied to its own job by name, though another unnamed deploy landed closer in time", async () => {
  const { call, ctl } = api();
  const zoneId = rows(await call("GET", "/zones"))[0].id;
  const templateId = rows(await call("GET", "/templates"))[0].id;
  const serviceOfferingId = rows(await call("GET", "/offerings/compute"))[0].id;
  // The provider's deploy is held a second on the server, then performed, then its answer dropped.
  await ctl.fault({
    method: "POST",
    route: "/compute/instances",
    latencyMs: 1_000,
    action: "drop-after",
    times: 1,
  });
  const provider = providerFor("Instance");
  const inputs = { zoneId, templateId, serviceOfferingId };
  const checked = (await provider.check!({}, inputs)).inputs;
  const mine = provider.create!(checked);
  // Meanwhile someone else deploys an unnamed instance: the rule fired once, on the provider's request, which
  // reached the server first; this one lands before the held one is performed.
  await new Promise((r) => setTimeout(r, 300));
  const other = await call("POST", "/compute/instances", { zoneId, templateId, serviceOfferingId });
  const created = await mine;

  expect(created.id).not.toBe(other.id);
  expect(created.outs.name).toMatch(/^vm-[0-9a-f]{12}$/);
  const state = await ctl.state();
  const instances = Object.values(state.instances) as { id: string; name: string }[];
  expect(instances.map((i) => i.id).sort()).toEqual([created.id, other.id].sort());
  expect(instances.find((i) => i.id === created.id)?.name).toBe(created.outs.name);
});
