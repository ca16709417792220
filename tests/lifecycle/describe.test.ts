// How messages name a resource and where it is: kind, name, id, then its region by name and id, or the API's
// default region when the call names none.
import { expect, it, describe as suite } from "vitest";
import { describe } from "../../provider/lifecycle/errors";
import type { Session } from "../../provider/lifecycle/session";

const session = (region?: string) =>
  ({
    kind: "Vpc",
    region,
    client: { catalogue: { regions: async () => [{ id: "r-1", name: "de-fra-1" }] } },
  }) as unknown as Session;

suite("describe", () => {
  it("names the region by name and id, and says the default region in words", async () => {
    expect(await describe(session("r-1"), { name: "sv", id: "v-1" })).toBe(
      'cim:Vpc "sv" (id v-1) in region de-fra-1 (r-1)',
    );
    expect(await describe(session(), { name: "sv" })).toBe('cim:Vpc "sv" in the API default region');
  });
});
