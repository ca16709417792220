// A lost create answer is matched to its job by the fields the record shows (provider/client/family.ts): the
// comparison must accept how an API may write a value back, or a request that landed is sent again.
import { describe, expect, it } from "vitest";
import { sameEcho } from "../../provider/client/family";

describe("sameEcho: a record's field against what the request sent", () => {
  it("accepts the same value written another way", () => {
    expect(sameEcho("10.1.0.0/16", "10.1.0.0/16")).toBe(true);
    expect(sameEcho("10.1.0.0/16", "10.001.0.0/16")).toBe(true);
    expect(sameEcho("10.1.2.3/16", "10.1.0.0/16")).toBe(true);
    expect(sameEcho("10.1.1.1", " 10.1.1.1 ")).toBe(true);
    expect(sameEcho("4B7718AB-60C2-5F8E-ADC5-2993C68BD23F", "4b7718ab-60c2-5f8e-adc5-2993c68bd23f")).toBe(
      true,
    );
    expect(sameEcho(8, 8)).toBe(true);
  });

  it("refuses another value", () => {
    expect(sameEcho("10.1.0.0/16", "10.2.0.0/16")).toBe(false);
    expect(sameEcho("10.1.0.0/16", "10.1.0.0/24")).toBe(false);
    expect(sameEcho("10.195.222.1", "10.195.143.1")).toBe(false);
    expect(sameEcho("zone-a", "zone-b")).toBe(false);
    expect(sameEcho("8", 8)).toBe(false);
  });
});
