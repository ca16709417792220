import * as path from "node:path";
import { fileURLToPath } from "node:url";

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const repoRoot = path.resolve(benchDir, "..");
/** A path under the built dist/ folder (npm run bench builds it first). */
export const dist = (...parts) => path.join(repoRoot, "dist", ...parts);
/** A path under the emulator package's built dist/ folder (emulator/, an npm workspace of its own). */
export const emulatorDist = (...parts) => path.join(repoRoot, "emulator", "dist", ...parts);
