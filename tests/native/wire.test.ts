// The native plugin's values on the wire (provider/native/wire.ts): Structs in and out, secrets unwrapped for the
// engine and wrapped again on the way out, the unknown sentinel kept as the string the engine looks for.
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { describe, expect, it } from "vitest";
import { containsUnknown } from "../../provider/lifecycle/values";
import { fromStruct, SECRET_SIG, SIG, secret, toStruct, UNKNOWN } from "../../provider/native/wire";

const wrapped = (value: unknown) => ({ [SIG]: SECRET_SIG, value });

describe("wire", () => {
  it("unwraps secrets at any depth and says which top-level keys held one", () => {
    const s = Struct.fromJavaScript({
      userData: wrapped("#cloud-config"),
      tags: { env: wrapped("prod"), team: "a" },
      size: 10,
    } as any);
    const { values, secrets } = fromStruct(s);
    expect(values).toEqual({ userData: "#cloud-config", tags: { env: "prod", team: "a" }, size: 10 });
    expect(secrets.sort()).toEqual(["tags", "userData"]);
  });

  it("keeps the unknown sentinel as the string the engine treats as unknown", () => {
    const { values } = fromStruct(Struct.fromJavaScript({ instanceId: UNKNOWN, list: ["a", UNKNOWN] }));
    expect(values.instanceId).toBe("04da6b54-80e4-46f7-96ec-b56ff0331ba9");
    expect(containsUnknown(values.list)).toBe(true);
  });

  it("wraps the named keys as secrets once and leaves out undefined", () => {
    const out = toStruct(
      { token: "t", already: wrapped("x"), gone: undefined, nested: { a: undefined, b: 1 } },
      ["token", "already", "gone"],
    ).toJavaScript();
    expect(out).toEqual({ token: wrapped("t"), already: wrapped("x"), nested: { b: 1 } });
    expect(secret(secret("v"))).toEqual(wrapped("v"));
  });

  it("round-trips plain values", () => {
    const v = { a: [1, "two", true, null], b: { c: { d: "e" } } };
    expect(fromStruct(toStruct(v)).values).toEqual(v);
  });
});
