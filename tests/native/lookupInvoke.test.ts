// A lookup of the native SDK is an invoke the engine passes to the plugin. The SDK would print a failed one as an
// unhandled exception with its gRPC stack, once per lookup; the lookup rejects instead with a RunError (printed as
// its message alone) in the plugin's words, one object for one cause. When the deployment stops at another
// resource's error, the engine closes the plugin and answers the lookups still under way with a gRPC text: they say,
// with one error, that they were not answered. The invoke itself is stubbed: a transport fault.
import * as pulumi from "@pulumi/pulumi";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as native from "../../sdk/native/lookups";

afterEach(() => {
  vi.restoreAllMocks();
});

const failing = (message: string) =>
  vi.spyOn(pulumi.runtime, "invoke").mockImplementation(() => Promise.reject(new Error(message)));

describe("a native lookup the engine leaves unanswered", () => {
  it("when the deployment stopped, rejects with a RunError saying so, not the gRPC text", async () => {
    const invoke = failing(
      "invocation of cim:index:getBackupOffering returned an error: grpc: the client connection is closing",
    );
    const err = await native.getBackupOffering({ zoneId: "z", name: "Gold" }).catch((e: unknown) => e);
    expect(invoke).toHaveBeenCalled();
    expect(pulumi.RunError.isInstance(err)).toBe(true);
    expect((err as Error).message).toBe(
      "lookups were not answered: Pulumi stopped the deployment (the error above says why) before their answers came",
    );
  });

  it("every lookup left unanswered, a bare name asked by name and then by id too, is that one error", async () => {
    vi.spyOn(pulumi.runtime, "invoke").mockImplementation((token: string) =>
      Promise.reject(
        new Error(`invocation of ${token} returned an error: grpc: the client connection is closing`),
      ),
    );
    const [zone, offering, template] = await Promise.all([
      native.getZone("de-fra-1a").catch((e: unknown) => e),
      native.getComputeOffering({ name: "Small" }).catch((e: unknown) => e),
      native.getTemplate("Ubuntu 22.04 LTS").catch((e: unknown) => e),
    ]);
    expect(pulumi.RunError.isInstance(zone)).toBe(true);
    expect(offering).toBe(zone);
    expect(template).toBe(zone);
  });

  it("any other failure is the plugin's own words, without the SDK's stack, once for one cause", async () => {
    failing('invocation of cim:index:getZone returned an error: no zone named "nowhere" in region …');
    const err = await native.getZone("nowhere").catch((e: unknown) => e);
    expect(pulumi.RunError.isInstance(err)).toBe(true);
    expect((err as Error).message).toBe('no zone named "nowhere" in region …');
    // the API unreachable: every lookup fails with the first request's words; one error object, shown once
    const down = (token: string) =>
      `invocation of ${token} returned an error: pulumi-cim lookup: GET /api/v1/zones (default region): could not talk to http://127.0.0.1:9 (ECONNREFUSED)`;
    vi.restoreAllMocks();
    vi.spyOn(pulumi.runtime, "invoke").mockImplementation((token: string) =>
      Promise.reject(new Error(down(token))),
    );
    const [zone, template] = await Promise.all([
      native.getZone("de-fra-1a").catch((e: unknown) => e),
      native.getTemplate("Ubuntu 22.04 LTS").catch((e: unknown) => e),
    ]);
    expect(zone).toBe(template);
    expect((zone as Error).message).toMatch(
      /^pulumi-cim lookup: GET \/api\/v1\/zones \(default region\): could not talk/,
    );
  });
});
