// Mutations this process has sent and not yet heard back from, per job command. A lost answer of an unnamed
// create (an address acquired for a network: nothing but time ties a job to it) waits for them before it looks
// for its job: a sibling sent at the same moment for the same network makes a job that looks exactly like this
// request's, and the sibling's answer, once in, makes that job the sibling's (claimJob). Without the wait, two
// addresses acquired at once, one of them answered 503, ended as one address recorded twice.
// Only sends are waited for, never another lookup, so two lost answers cannot wait for each other. Held on
// globalThis, as the claimed jobs are: every copy of the client in one process shares them.

const KEY = Symbol.for("pulumi-cim.client.sendsInFlight");
type Holder = { [KEY]?: Map<string, Set<Promise<unknown>>> };

function sends(): Map<string, Set<Promise<unknown>>> {
  const holder = globalThis as Holder;
  holder[KEY] ??= new Map();
  return holder[KEY];
}

/** Tracks a send of `command` until it settles; returns the same outcome. */
export function inFlight<T>(command: string, send: Promise<T>): Promise<T> {
  const byCommand = sends();
  const tracked = byCommand.get(command) ?? new Set<Promise<unknown>>();
  byCommand.set(command, tracked);
  tracked.add(send);
  const done = () => {
    tracked.delete(send);
    if (tracked.size === 0 && byCommand.get(command) === tracked) byCommand.delete(command);
  };
  send.then(done, done);
  return send;
}

/** Resolves once every send of `command` in flight now has settled (answered or failed). */
export async function sendsSettled(command: string): Promise<void> {
  const set = sends().get(command);
  if (set?.size) await Promise.allSettled([...set]);
}
