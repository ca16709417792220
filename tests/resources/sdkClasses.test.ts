// The SDK classes' wiring, with Pulumi's mocks: type tokens, output keys present, default names, secret
// userDataHash merged into the caller's options.
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";

const registered: { type: string; name: string; inputs: Record<string, unknown> }[] = [];

beforeAll(() => {
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push({ type: args.type, name: args.name, inputs: args.inputs });
        return { id: `${args.name}-id`, state: { ...args.inputs, state: "Running" } };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    false,
  );
});

const value = <T>(o: pulumi.Output<T>) => new Promise<T>((resolve) => o.apply(resolve));

describe("SDK resource classes", () => {
  it("register under pulumi-nodejs:dynamic/cim:<Kind> with __pulumiType", async () => {
    const cim = await import("../../sdk");
    const kinds = [cim.Instance, cim.Volume, cim.Vpc, cim.Network, cim.BackupSchedule, cim.Tags];
    expect(kinds.map((k) => k.__pulumiType)).toEqual(
      ["Instance", "Volume", "Vpc", "Network", "BackupSchedule", "Tags"].map(
        (k) => `pulumi-nodejs:dynamic/cim:${k}`,
      ),
    );
  });

  it("give every output a value and default names to the resource name", async () => {
    const cim = await import("../../sdk");
    const vm = new cim.Instance(
      "web",
      { zoneId: "z", serviceOfferingId: "o", templateId: "t", userData: "YWJj" },
      { additionalSecretOutputs: ["tags"] },
    );
    const vpc = new cim.Vpc("main", { zoneId: "z", cidr: "10.0.0.0/16", vpcOfferingId: "v" });
    const adopted = new cim.Volume("data", { zoneId: "z", diskOfferingId: "d", adoptId: "x" });
    expect(await value(vm.state)).toBe("Running");
    expect(await value(vpc.name)).toBe("main");
    expect(await value(vm.id)).toBe("web-id");
    await value(adopted.id);
    const vmReg = registered.find((r) => r.name === "web")!;
    expect(vmReg.type).toBe("pulumi-nodejs:dynamic/cim:Instance");
    expect(Object.keys(vmReg.inputs)).toContain("__provider");
    // adopting without a name keeps the live name: no default
    expect(registered.find((r) => r.name === "data")!.inputs.name).toBeUndefined();
    // userData is secret from the program on; outputs record only its digest, userDataHash (secret through
    // additionalSecretOutputs: see below), and the program's own property still reads the secret input
    expect(await pulumi.isSecret((vm as unknown as { userData: pulumi.Output<string> }).userData)).toBe(true);
    expect(pulumi.Output.isInstance(vm.userDataHash)).toBe(true);
  });

  it("merge secret outputs with the caller's options", async () => {
    const { withSecretOutputs } = await import("../../sdk/common");
    const opts = withSecretOutputs({ protect: true, additionalSecretOutputs: ["tags", "userDataHash"] }, [
      "userDataHash",
    ]);
    expect(opts).toEqual({ protect: true, additionalSecretOutputs: ["tags", "userDataHash"] });
    expect(withSecretOutputs(undefined, ["userDataHash"]).additionalSecretOutputs).toEqual(["userDataHash"]);
  });
});
