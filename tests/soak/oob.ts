// Out-of-band changes between rounds: what someone does through the API while the stack is not looking (an
// instance stopped, a tag added, an ACL rule deleted, a balancer member removed, a resource deleted). Each goes
// through the kind's own declaration (its tag collection, its `delete`), and waits for the job it starts.
import { NotFoundError } from "../../provider/client";
import { type Kind, kinds } from "../../provider/kinds";
import { urnName } from "../../provider/lifecycle/engineLog";
import { fullOutputs } from "../../provider/lifecycle/fields";
import { waitFor } from "../../provider/lifecycle/session";
import { type StateResource, sessionFor, stateResources } from "./cloud";
import type { Rng } from "./prng";
import type { OobKind } from "./trouble";

/**
 * Applies `what` to resources of the deployment; returns what was done, one line each, and the names of the
 * resources changed or deleted (what the next `up` puts back).
 */
export async function outOfBand(
  what: OobKind[],
  rng: Rng,
  deployment: any,
  baseUrl: string,
  token: string,
): Promise<{ done: string[]; touched: string[] }> {
  const all = stateResources(deployment);
  const done: string[] = [];
  const touched: string[] = [];
  // a resource others depend on is left alone: deleting it would first need theirs gone
  const urnsDependedOn = new Set<string>(
    (deployment?.deployment?.resources ?? []).flatMap((r: any) => r.dependencies ?? []),
  );
  for (const w of what) {
    try {
      await one(w);
    } catch (err) {
      // a record the state holds and the cloud no longer does (what a failed round left) is not changed
      if (!(err instanceof NotFoundError)) throw err;
      done.push(`${w}: skipped (${err.message.split(" — ")[0]})`);
    }
  }
  return { done, touched };

  async function one(w: OobKind): Promise<void> {
    const of = (k: string) => all.filter((r) => r.kind === k);
    const session = (r: StateResource) => sessionFor(kinds[r.kind] as Kind, baseUrl, token);
    if (w === "stop") {
      const vm = pickOr(
        rng,
        of("Instance").filter((i) => (i.outputs.powerState ?? "running") === "running"),
      );
      if (!vm) return;
      const s = session(vm);
      await waitFor(s, await s.client.instances.stop(vm.id), "update");
      done.push(`stopped instance ${vm.id}`);
      touched.push(urnName(vm.urn));
    } else if (w === "tag") {
      const r = pickOr(
        rng,
        all.filter((x) => (kinds[x.kind] as Kind).tags),
      );
      if (!r) return;
      const s = session(r);
      await s.client.tags.add({ kind: (kinds[r.kind] as Kind).tags!, id: r.id } as never, {
        oob: rng.word(4),
      });
      done.push(`tagged ${r.kind} ${r.id}`);
      touched.push(urnName(r.urn));
    } else if (w === "remove-member") {
      const lb = pickOr(
        rng,
        of("LoadBalancerRule").filter((l) => ((l.outputs.memberIds as string[]) ?? []).length > 0),
      );
      if (!lb) return;
      const s = session(lb);
      const member = rng.pick(lb.outputs.memberIds as string[]);
      await waitFor(s, await s.client.loadBalancers.remove(lb.id, [member]), "update");
      done.push(`removed member ${member} from load balancer rule ${lb.id}`);
      touched.push(urnName(lb.urn));
    } else {
      const candidates =
        w === "delete-rule" ? of("NetworkAclRule") : all.filter((r) => !urnsDependedOn.has(r.urn));
      const r = pickOr(rng, candidates);
      if (!r) return;
      const kind = kinds[r.kind] as Kind;
      const s = session(r);
      const rec = fullOutputs(kind, r.outputs);
      const live = await kind.api.get(s, r.id, rec);
      await kind.api.beforeDelete?.(s, live, rec);
      await waitFor(s, await kind.api.delete(s, live, rec), "delete");
      done.push(`deleted ${r.kind} ${r.id}`);
      // made again, or, of a kind whose record outlives its delete (a tag set: its resource's tags cleared), updated
      touched.push(urnName(r.urn));
    }
  }
}

const pickOr = <T>(rng: Rng, items: T[]): T | undefined => (items.length ? rng.pick(items) : undefined);
