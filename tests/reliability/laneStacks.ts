// A lane's stacks for the fault suite: one per target program, reused by every sequence the lane runs.

import { pluginHome, StackSession } from "../harness";
import type { TestEmulator } from "./support";
import { deploymentOf } from "./support";
import type { FaultTarget } from "./targets";

/**
 * A lane's stacks, one per target program: a sequence leaves its stack empty, so the next sequence of the lane
 * starts from it (one runner process and one `pulumi stack init` per lane and target, not per sequence). A
 * stack that could not be emptied is removed, and the lane opens a new one.
 */
export class LaneStacks {
  private readonly open = new Map<FaultTarget, StackSession>();
  constructor(
    private readonly lane: number,
    private readonly project: string,
  ) {}

  async get(target: FaultTarget): Promise<StackSession> {
    let session = this.open.get(target);
    if (!session || session.ended) {
      const name = `rel-${this.lane}-${target.id}`;
      session = await StackSession.open({
        name,
        home: target.native ? pluginHome(name, this.project) : undefined,
        program: target.program,
        projectName: this.project,
      });
      this.open.set(target, session);
    }
    return session;
  }

  /** Leaves the target's stack empty for the next sequence, or drops it. */
  async release(target: FaultTarget, emu: TestEmulator): Promise<void> {
    const session = this.open.get(target);
    if (!session) return;
    const left = () =>
      deploymentOf(session, this.project).then((d) => Object.values(target.stateIds(d)).flat());
    if ((await left()).length) {
      await emu.control.clearFaults().catch(() => {});
      await emu.control.pauseClock(false).catch(() => {});
      await session.run("destroy", { env: { CIM_TOKEN: await emu.token() }, lean: true });
    }
    if (!session.ended && (await left()).length === 0) return;
    this.open.delete(target);
    await session.run("rm");
    await session.close();
  }

  async close(): Promise<void> {
    for (const session of this.open.values()) {
      await session.run("rm");
      await session.close();
    }
    this.open.clear();
  }
}
