// How a fault case is judged: the lines a user reads from a failed run, the provider's messages among them, the
// changes a second run still made, and checks that are collected instead of stopping the case (its second run
// must still happen: it restores the stack for the next phase).
import type { OpResult } from "../harness";
import type { FaultTarget } from "./targets";

/** The engine's diagnostics of a failed run: the lines a user reads. */
export function diagnostics(r: OpResult): string {
  const text = `${r.error ?? ""}\n${r.output}`;
  const at = text.indexOf("Diagnostics:");
  return (at >= 0 ? text.slice(at, at + 20_000) : text.slice(0, 20_000)).trim();
}

/**
 * The provider's messages about the target's kinds in a failed run's diagnostics (the engine prints each as
 * "error: message", or as "* message" under "error: 1 error occurred:"). A failure in `check` comes as the engine
 * words it, "pulumi-nodejs:dynamic/cim:Volume resource 'data' has a problem: message", read as
 * `cim:Volume "data": message`.
 */
export function messages(told: string, target: FaultTarget): string[] {
  const ours = new RegExp(`^cim:(${target.kinds.join("|")})\\b`);
  const lines = told
    .split("\n")
    .map((l) => l.trim())
    .map((l) => l.replace(/^(\* |error: )/, ""))
    .map((l) =>
      l.replace(/^pulumi-nodejs:dynamic\/(cim:\w+) resource '([^']+)' has a problem: /, '$1 "$2": '),
    )
    .filter((l) => ours.test(l));
  return [...new Set(lines)];
}

export const changesOf = (summary: Record<string, number> | undefined) =>
  Object.entries(summary ?? {})
    .filter(([k, n]) => k !== "same" && n > 0)
    .map(([k, n]) => `${k}: ${n}`);

/**
 * Checks that do not stop the phase: the second run must still happen (it restores the stack for the next
 * phase), so every failed check is collected and the phase fails at its end with all of them.
 */
export class Checks {
  problems: string[] = [];
  /** The message, with what was expected and found when the assertion's message abridges them. */
  static describe(err: unknown): string {
    if (!(err instanceof Error)) return String(err);
    const { actual, expected } = err as { actual?: unknown; expected?: unknown };
    return actual === undefined && expected === undefined
      ? err.message
      : `${err.message}\n  expected: ${JSON.stringify(expected)}\n  found:    ${JSON.stringify(actual)}`;
  }
  check(body: () => void): void {
    try {
      body();
    } catch (err) {
      this.problems.push(Checks.describe(err));
    }
  }
  async checkAsync(body: () => Promise<unknown>): Promise<void> {
    try {
      await body();
    } catch (err) {
      this.problems.push(Checks.describe(err));
    }
  }
  throwIfAny(): void {
    if (this.problems.length) throw new Error(this.problems.join("\n\n"));
  }
}
