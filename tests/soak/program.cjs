// The soak's program: the resources the generator drew (tests/soak/generator.ts), read from the runner's
// environment (SOAK_PROGRAM, JSON, in dependency order), so changing the program between operations costs no
// CLI call. A value {$ref, out?} is another resource's output (its id unless `out` names another);
// SOAK_TIMEOUTS, when set, is every resource's `timeouts` input. SOAK_PROVIDERS (on pulumi-cim/native) spreads the
// resources over that many providers, the default one and explicit ones of the same settings (each a plugin
// process of its own), by their names: a resource keeps its provider from round to round.
"use strict";

/** A resource's provider: the default one (undefined) or one of `extra`, fixed by its name. */
function providerOf(name, extra) {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  const i = h % (extra.length + 1);
  return i === 0 ? undefined : extra[i - 1];
}

module.exports = async (cim) => {
  const resources = JSON.parse(process.env.SOAK_PROGRAM || "[]");
  const timeouts = process.env.SOAK_TIMEOUTS ? JSON.parse(process.env.SOAK_TIMEOUTS) : undefined;
  const count = Number(process.env.SOAK_PROVIDERS || 1);
  const extra = cim.Provider
    ? Array.from({ length: count - 1 }, (_, i) => new cim.Provider(`soak-${i + 1}`))
    : [];
  const made = {};
  const resolve = (v) => {
    if (Array.isArray(v)) return v.map(resolve);
    if (v && typeof v === "object" && typeof v.$ref === "string") {
      const target = made[v.$ref];
      if (!target) throw new Error(`soak program: ${v.$ref} is not made yet`);
      return target[v.out || "id"];
    }
    return v;
  };
  for (const { name, kind, inputs } of resources) {
    const args = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, resolve(v)]));
    if (timeouts) args.timeouts = timeouts;
    const provider = providerOf(name, extra);
    made[name] = new cim[kind](name, args, provider ? { provider } : undefined);
  }
  // Every registration must reach the engine. The Node SDK takes a registration that fails with gRPC UNAVAILABLE
  // (which an inline program meets on an overloaded machine) for the engine shutting down and ends the program
  // quietly: the engine, still running, then plans the delete of every resource the program did not register
  // (soak seed 73, round 77: a preview of 18 deletes after an up of the same program). Waiting for each URN makes
  // such a run fail, naming the resource, instead of deleting what it holds.
  const registered = await Promise.allSettled(Object.values(made).map((r) => r.urn.promise()));
  const lost = registered.find((r) => r.status === "rejected");
  if (lost) {
    const err = new Error(`soak program: ${lost.reason?.message ?? lost.reason}`);
    err.stack = err.message; // the message is the whole story: no trace of this file
    throw err;
  }
  return Object.fromEntries(Object.entries(made).map(([name, r]) => [name, r.id]));
};
