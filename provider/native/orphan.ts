// The plugin's end when its engine is gone without ending it: a CLI killed with SIGKILL (an out-of-memory kill, a
// CI runner's timeout) sends the plugin nothing, and a plugin left running keeps its jobs' polls going against the
// API for a deployment nobody records. Pulumi's own plugins watch the engine's address; this one watches two things,
// each cheap and each on a timer that does not keep the process alive:
// - its parent: the engine starts the plugin itself (bin/ execs node), so a parent pid that changes means the
//   engine's process ended and this one was handed to init (or a subreaper);
// - the engine's address, once it has answered: refused twice in a row, the engine is gone (it serves that address
//   as long as it runs). An address that never answered (a test's stand-in) is never taken for a gone engine.

import * as net from "node:net";

export interface OrphanWatch {
  /**
   * The parent's pid, read when the process started (the default reads it now). Read after the port is written, it
   * could already be init's: the engine may have read the port and been killed in between.
   */
  parent?: number;
  /** How often the parent is looked at (ms). */
  parentEveryMs?: number;
  /** How often the engine's address is tried (ms). */
  engineEveryMs?: number;
}

/** Calls `stop` once, when the parent or the engine at `engine` (host:port) is gone. */
export function endWhenOrphaned(engine: string | undefined, stop: () => void, o: OrphanWatch = {}): void {
  const parent = o.parent ?? process.ppid;
  let stopped = false;
  let engineTimer: NodeJS.Timeout | undefined;
  const end = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(parentTimer);
    if (engineTimer) clearInterval(engineTimer);
    stop();
  };
  const parentTimer = setInterval(() => {
    if (process.ppid !== parent) end();
  }, o.parentEveryMs ?? 1_000);
  parentTimer.unref();

  const at = engine ? /^(.*):(\d+)$/.exec(engine) : null;
  if (!at) return;
  let answered = false;
  let refused = 0;
  let trying = false;
  engineTimer = setInterval(() => {
    if (trying) return;
    trying = true;
    const socket = net.connect({ host: at[1], port: Number(at[2]) });
    socket.unref();
    socket.setTimeout(5_000, () => socket.destroy());
    socket.once("connect", () => {
      answered = true;
      refused = 0;
      socket.destroy();
    });
    socket.once("error", (err: NodeJS.ErrnoException) => {
      if (answered && err.code === "ECONNREFUSED" && ++refused >= 2) end();
    });
    socket.once("close", () => {
      trying = false;
    });
  }, o.engineEveryMs ?? 5_000);
  engineTimer.unref();
}
