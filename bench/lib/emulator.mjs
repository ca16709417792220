// An emulator in this process (the built emulator package, emulator/dist), its admin control routes, and a user client.
import { createRequire } from "node:module";
import { dist, emulatorDist } from "./paths.mjs";

const require = createRequire(import.meta.url);

/** Starts an emulator on 127.0.0.1 with a fresh temp data dir; returns helpers for the bench. */
export async function startApi({ jobLatencyMs = 0 } = {}) {
  const { startEmulator, EmulatorControl } = require(emulatorDist());
  const { CimClient } = require(dist("provider", "client"));
  const emu = await startEmulator({ port: 0, host: "127.0.0.1", jobLatencyMs });
  const token = await emu.token();
  const client = new CimClient({ baseUrl: emu.url, token });
  /** The emulator's control client: requests(), limits(), jobTiming(), dump(), zoneCapacity(), … */
  const control = await EmulatorControl.of(emu);
  // Room for every scenario: more instances than the largest N, in one zone.
  await control.limits({ instanceLimit: 5000, volumeLimit: 5000 });
  return {
    emu,
    url: emu.url,
    token,
    client,
    control,
    /** The env a Pulumi run needs to reach this emulator (no CIM_POLL_INTERVAL_MS: the real cadence). */
    envVars: { CIM_BASE_URL: emu.url, CIM_TOKEN: token },
    /** Catalogue ids for the bench program (one zone, the first template and compute offering). */
    async catalogue() {
      const [zone] = await client.catalogue.zones();
      const [template] = await client.catalogue.templates();
      const [offering] = await client.catalogue.computeOfferings();
      await control.zoneCapacity(zone.id, 100_000);
      return { zoneId: zone.id, templateId: template.id, serviceOfferingId: offering.id };
    },
    close: () => emu.close(),
  };
}

/** Splits request counts into the figures the scenarios report. */
export function summarize(counts) {
  let total = 0;
  let gets = 0;
  let mutating = 0;
  let jobPolls = 0;
  let listCalls = 0;
  let singleGets = 0;
  for (const [key, n] of Object.entries(counts)) {
    total += n;
    const [method, route] = key.split(" ");
    if (method !== "GET") {
      mutating += n;
      continue;
    }
    gets += n;
    if (route === "/api/v1/jobs/{jobId}") jobPolls += n;
    else if (route === "/api/v1/compute/instances/{id}") singleGets += n;
    else if (/^\/api\/v1\/compute\/instances(\/all|\/summary)?$/.test(route)) listCalls += n;
  }
  return { total, gets, mutating, jobPolls, listCalls, singleGets };
}
