// Headless Chromium for the console tests: Debian's `chromium` (scripts/chromium.sh installs it with apt-get
// when missing, as CI on a fresh machine must), driven by playwright-core through its executablePath, never a
// browser build of Playwright's own. Each launch has a fresh profile, removed on close.
import { execFile } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { type BrowserContext, chromium } from "playwright-core";
import { repoRoot } from "../harness";

const exec = promisify(execFile);

/**
 * The machines here have a closed network: Chromium's background connections (updates, sync, field trials,
 * QUIC probes) would hang or fail, so every one of them is switched off.
 */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The Chromium binary, installed first when missing (minutes on a fresh machine). */
export async function chromiumPath(): Promise<string> {
  const { stdout } = await exec("bash", [path.join(repoRoot, "scripts", "chromium.sh"), "path"], {
    timeout: 600_000,
  });
  return stdout.trim().split("\n").pop() ?? "";
}

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = await chromiumPath();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "cim-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: CHROMIUM_FLAGS,
    viewport: { width: 1280, height: 800 },
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
