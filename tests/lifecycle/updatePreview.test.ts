// What a preview of an in-place update shows of a resource's outputs (fields.ts `updatePreview`, the plugin's
// preview Update): the old outputs, the changed fields as the update sets them, and unknown only for what the update
// alone can say (an output that follows a changed field: OutputSpec.follows). A dependent of an output the change
// does not move previews unchanged; one of an output it moves previews as changed, as the `up` then does.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { field, output } from "../../provider/kinds/common";
import { defineKind } from "../../provider/kinds/define";
import { kinds } from "../../provider/kinds/index";
import { updatePreview } from "../../provider/lifecycle/fields";
import { UNKNOWN } from "../../provider/lifecycle/values";

const volume = {
  region: "r-1",
  name: "data",
  zoneId: "z-1",
  diskOfferingId: "d-small",
  diskOfferingName: "Small",
  size: 10,
  instanceId: "vm-1",
  deviceId: 1,
  state: "Ready",
  zoneName: "de-fra-1a",
  created: "2026-11-30T10:00:00Z",
  tags: { env: "a" },
  timeouts: { create: "5m" },
};
const given = { name: "data", zoneId: "z-1", diskOfferingId: "d-small", size: 10, instanceId: "vm-1" };

describe("a preview of an in-place update", () => {
  it("keeps every output the change does not move", () => {
    const out = updatePreview(kinds.Volume, volume, { ...given, size: 20, tags: { env: "a" } });
    expect(out).toEqual({ ...volume, size: 20, timeouts: undefined });
    expect("timeouts" in out).toBe(false); // recorded from the inputs, which no longer give it
  });

  it("makes unknown what follows a changed field: an offering's name after its id, a device after the attachment", () => {
    const offering = updatePreview(kinds.Volume, volume, {
      ...given,
      diskOfferingId: "d-large",
      tags: { env: "a" },
    });
    expect(offering).toMatchObject({ diskOfferingId: "d-large", diskOfferingName: UNKNOWN, deviceId: 1 });
    const moved = updatePreview(kinds.Volume, volume, { ...given, instanceId: "vm-2", tags: { env: "a" } });
    expect(moved).toMatchObject({ instanceId: "vm-2", deviceId: UNKNOWN, state: UNKNOWN });
    expect(moved.diskOfferingName).toBe("Small");
  });

  it("gives a field the program leaves out its desired default, and adds none the old outputs lack", () => {
    const vm = {
      region: "r-1",
      zoneId: "z-1",
      templateId: "t-1",
      serviceOfferingId: "s-1",
      name: "web-1",
      displayName: "web-1",
      networkIds: ["n-1"],
      imageType: "template",
      hypervisor: "KVM",
      powerState: "stopped",
      haEnabled: false,
      deleteProtection: false,
      tags: { env: "a" },
      state: "Stopped",
      ipAddress: "10.0.0.5",
      created: "2026-11-30T10:00:00Z",
    };
    const news = { zoneId: "z-1", templateId: "t-1", serviceOfferingId: "s-1", name: "web-1" };
    const out = updatePreview(kinds.Instance, vm, news);
    // the program dropped powerState (stopped) and its tags: the update starts it and removes them
    expect(out).toMatchObject({ powerState: "running", state: UNKNOWN, tags: {}, ipAddress: "10.0.0.5" });
    for (const absent of ["group", "backupOfferingId", "sshKeyNames", "isoId", "adoptId"])
      expect(out[absent], absent).toBeUndefined();
    // a change that moves no output but its own: the state stays known
    const renamed = updatePreview(kinds.Instance, vm, {
      ...news,
      name: "web-2",
      powerState: "stopped",
      tags: { env: "a" },
    });
    expect(renamed).toMatchObject({ name: "web-2", state: "Stopped", displayName: "web-1" });
  });

  it("names the cluster's version and offering as unknown when their ids change", () => {
    const cluster = {
      region: "r-1",
      name: "apps",
      zoneId: "z-1",
      kubernetesVersionId: "k-128",
      kubernetesVersionName: "1.28.4",
      serviceOfferingId: "s-1",
      serviceOfferingName: "Medium",
      networkId: "n-1",
      controlNodes: 1,
      size: 2,
      tags: {},
      state: "Running",
      endpoint: "https://198.18.1.7:6443/",
    };
    const news = {
      name: "apps",
      zoneId: "z-1",
      kubernetesVersionId: "k-129",
      serviceOfferingId: "s-1",
      networkId: "n-1",
      size: 2,
    };
    expect(updatePreview(kinds.KubernetesCluster, cluster, news)).toMatchObject({
      kubernetesVersionId: "k-129",
      kubernetesVersionName: UNKNOWN,
      serviceOfferingName: "Medium",
      endpoint: "https://198.18.1.7:6443/",
    });
  });
});

describe("what an update's outputs hold besides", () => {
  it("a field that does not apply is recorded from the inputs, and a secret input is never an output", () => {
    const cluster = {
      region: "r-1",
      name: "apps",
      zoneId: "z-1",
      kubernetesVersionId: "k-128",
      serviceOfferingId: "s-1",
      networkId: "n-1",
      size: 3,
      tags: {},
      state: "Running",
    };
    const news = {
      ...cluster,
      state: undefined,
      region: undefined,
      autoscaling: { minSize: 2, maxSize: 6 },
      size: 5,
    };
    // while autoscaling is set the size is not compared (the autoscaler owns it): what the program says is recorded
    expect(updatePreview(kinds.KubernetesCluster, cluster, news)).toMatchObject({ size: 5 });
    const vm = {
      region: "r-1",
      zoneId: "z-1",
      templateId: "t-1",
      serviceOfferingId: "s-1",
      name: "web-1",
      userData: "c2VjcmV0",
    };
    expect(updatePreview(kinds.Instance, vm, { ...vm, region: undefined }).userData).toBeUndefined();
  });
});

describe("an output's follows", () => {
  const spec = (follows: string[]) => ({
    name: "Following",
    noun: "thing",
    summary: "A kind for the test.",
    fields: {
      size: field(z.number(), { doc: "A size.", change: "update", live: true }),
      zone: field(z.string(), { doc: "A zone.", change: "replace" }),
    },
    outputs: { label: { ...output("A label."), follows } },
    api: {
      get: async () => ({ id: "x" }),
      create: async () => ({ id: "x" }),
      apply: async () => undefined,
      delete: async () => ({}),
    },
  });

  it("names fields changed in place: a replacement makes every output anew", () => {
    expect(() => defineKind(spec(["size"]))).not.toThrow();
    expect(() => defineKind(spec(["zone"]))).toThrow(
      "kind Following: output label follows zone, which must be a field changed in place",
    );
    expect(() => defineKind(spec(["nothing"]))).toThrow(
      /follows nothing, which must be a field changed in place/,
    );
  });
});
