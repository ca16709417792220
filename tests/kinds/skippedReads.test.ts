// A check whose read of live records fails (a 503, a slow list) is skipped, and says so: which read failed, what it
// did not check, and that up reads again; once per route and region a process, not once per resource, and not
// where the warning that no read answered at all already says it (tests/lifecycle/checkOffline.test.ts).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { providerFor } from "../../provider";
import { captureWarnings } from "../../provider/lifecycle/engineLog";
import { resetCircuit } from "../../provider/lifecycle/session";
import { cat, ctl, first, make, newProcess, p, token, useEmulator } from "./world";

useEmulator();

let warnings: string[] = [];
beforeEach(() => {
  warnings = [];
  captureWarnings((m) => warnings.push(m));
});
afterEach(() => {
  captureWarnings();
  // after a timeout the client's calls wait for an answer that shows the API back; a new process starts without
  resetCircuit();
});

/** A fixed 20 GB disk offering of the default region. */
const fixed = () => first("/offerings/disk", (d) => d.name === "Small 20 GB");
const volume = async (name: string, size = 5) => ({
  name,
  zoneId: cat.zone,
  diskOfferingId: (await fixed()).id,
  size,
});

describe("a check whose read fails", () => {
  it("refuses a size its fixed offering does not take when the offerings answer", async () => {
    const { failures } = await p("Volume").check!({}, await volume("fx"));
    expect(failures?.map((f) => f.reason).join("\n")).toMatch(/size 5 GB does not match disk offering/);
    expect(warnings).toEqual([]);
  });

  it("warns, naming the read and what it left unchecked, once per route and region a process", async () => {
    const inputs = await volume("fx");
    const other = await volume("fy", 6);
    await ctl.fault({ method: "GET", route: "/api/v1/offerings/disk", status: 503 });
    expect((await p("Volume").check!({}, inputs)).failures).toEqual([]);
    // another resource that needs the same read, and the same one again: no second warning
    expect((await p("Volume").check!({}, other)).failures).toEqual([]);
    expect((await p("Volume").check!({}, inputs)).failures).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^cim:Volume "fx": could not read the disk offerings \(GET \/api\/v1\/offerings\/disk \(default region\) failed with 503.*\), so diskOfferingId and size were not checked against them\. pulumi up checks each resource again, reading afresh, before it changes it; if that read fails too, the change goes to the API unchecked$/,
    );
    expect(warnings[0]).not.toContain(token);
    // a new process says it again
    newProcess();
    await p("Volume").check!({}, inputs);
    expect(warnings).toHaveLength(2);
  });

  it("says a list that times out (a slow one), and that the checks pause after it", async () => {
    const inputs = await volume("slow");
    await ctl.fault({ method: "GET", route: "/api/v1/offerings/disk", latencyMs: 1_500 });
    process.env.CIM_REQUEST_TIMEOUT = "300ms";
    try {
      expect((await p("Volume").check!({}, inputs)).failures).toEqual([]);
    } finally {
      delete process.env.CIM_REQUEST_TIMEOUT;
    }
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^cim:Volume "slow": could not read the disk offerings \(GET \/api\/v1\/offerings\/disk \(default region\): no answer within 300 ms.*\), so diskOfferingId and size were not checked against them \(nor, for 15 s, any check needing another read: they pause after a read that gets no answer\)\. pulumi up checks/,
    );
    expect(warnings[0]).not.toContain("pulumi-cim could not read the API");
  });

  it("names the reference a failed list left unchecked, and nothing for reads skipped on purpose", async () => {
    const attach = { ...(await volume("att", 20)), instanceId: "0b5c6f9e-1d2a-4e3b-8c7d-6e5f4a3b2c1d" };
    await ctl.fault({ method: "GET", route: "/api/v1/compute/instances/all", status: 503 });
    await p("Volume").check!({}, attach);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^cim:Volume "att": could not read the instances \(GET \/api\/v1\/compute\/instances\/all .*failed with 503.*\), so instanceId was not checked against them\./,
    );
    newProcess();
    warnings = [];
    process.env.CIM_SKIP_LOOKUPS = "1";
    try {
      await p("Volume").check!({}, attach);
    } finally {
      delete process.env.CIM_SKIP_LOOKUPS;
    }
    expect(warnings).toEqual([]);
  });
});

describe("a claim whose record read fails", () => {
  it("names the claim it left unjudged: a gateway's VLAN, whose zone is its VPC's", async () => {
    const { gatewayVpc } = await import("./parts");
    const vpcId = await gatewayVpc();
    const gateway = {
      vpcId,
      ipAddress: "192.168.210.2",
      gateway: "192.168.210.1",
      netmask: "255.255.255.0",
      vlan: 3210,
    };
    await ctl.fault({ method: "GET", route: `/api/v1/vpcs/${vpcId}`, status: 503 });
    await ctl.fault({ method: "GET", route: "/api/v1/vpcs", status: 503 });
    expect((await p("VpcGateway").check!({}, gateway)).failures).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^cim:VpcGateway "192.168.210.2": could not read the VPCs \(GET \/api\/v1\/vpcs.*failed with 503.*\), so vpcId and vlan were not checked against them\./,
    );
  });
});

describe("a resource made in the API's default region when the regions cannot be read", () => {
  it("records no region, and says once what that risks and how to pin it", async () => {
    await ctl.fault({ method: "GET", route: "/api/v1/regions", status: 503 });
    // made as the engine makes it (the outputs lack the region the kind declares: what this test is about)
    const made = async (name: string) =>
      providerFor("Volume").create(
        (await p("Volume").check!({}, { ...(await volume(name, 20)), size: undefined })).inputs,
      );
    const a = await made("unpinned-a");
    const b = await made("unpinned-b");
    expect(a.outs.region).toBeNull();
    expect(b.outs.region).toBeNull();
    const said = warnings.filter((w) => w.includes("records no region"));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(
      /^cim:Volume "unpinned-a" in the API default region records no region: the API's regions could not be read \(GET \/api\/v1\/regions.*503.*\)\. .*a refresh drops it from the stack and an up makes it again\. Set cim:region \(or the resource's region\) to a region's id to pin every resource to it$/,
    );
    expect(said[0]).not.toContain(token);
    // with the regions readable, the region is recorded and nothing is said
    await ctl.clearFaults();
    newProcess();
    warnings = [];
    const c = await make("Volume", { ...(await volume("pinned", 20)), size: undefined });
    expect(c.outs.region).toEqual(expect.any(String));
    expect(warnings.filter((w) => w.includes("records no region"))).toEqual([]);
  });
});
