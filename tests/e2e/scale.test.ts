// A new offering for a running instance the platform cannot scale live (an image without the tools for it): the
// diff shows `~ serviceOfferingId` only, so preview warns that the update stops the instance, scales it and starts
// it again; the up does that (CloudStack's scale job fails for want of dynamic scaling, then stop, scale, start).
import { expect, it } from "vitest";
import { singleInstanceRun, useApi } from "./support";

const testApi = useApi();

it("preview warns that a new offering stops a running instance without dynamic scaling; up stops, scales, starts", async () => {
  const api = testApi();
  const run = await singleInstanceRun(api, "scale");
  const host = `scale-${process.pid}`;
  const [up] = await run([
    { op: "up", config: { "cim-e2e:template": "Windows Server 2022", "cim-e2e:name": host } },
  ]);
  expect(up.summary).toEqual({ create: 2 });
  const [preview, scaled] = await run([
    { op: "preview", config: { "cim-e2e:offering": "Medium" } },
    { op: "up" },
    { op: "destroy" },
    { op: "rm" },
  ]);
  for (const r of [preview, scaled]) {
    expect(r.summary).toEqual({ update: 1, same: 1 });
    const warned = r.diagnostics.filter((d) => d.severity === "warning").map((d) => d.message);
    expect(warned).toEqual([
      expect.stringMatching(
        new RegExp(
          `^cim:Instance "${host}" \\(id ${up.outputs?.vmId}\\): serviceOfferingId \\S+ → \\S+: the platform cannot scale this instance while it runs .* so the update stops it, scales it and starts it again, and it is down meanwhile\\. To choose when, stop it first \\(powerState: "stopped"\\) in an up of its own\\n?$`,
        ),
      ),
    ]);
  }
  expect(scaled.outputs?.state).toBe("Running");
  const jobs = (await api.client.jobs.recent(200)).items
    .filter((j) => j.resourceId === up.outputs?.vmId)
    .reverse()
    .map((j) => `${j.command}:${j.status}`);
  expect(jobs).toEqual([
    "deployVirtualMachine:success",
    "scaleVirtualMachine:error",
    "stopVirtualMachine:success",
    "scaleVirtualMachine:success",
    "startVirtualMachine:success",
    "destroyVirtualMachine:success",
  ]);
}, 300_000);
