// The shape of the recorded API calls of every kind (provider/kinds/apiCalls.json), which the reference pages
// render (apiCallsDocs.ts). The file is written by the recorder (tests/docs/apiCalls/record.ts) from what the
// emulator received while each kind's lifecycle ran: never by hand.
import * as fs from "node:fs";
import * as path from "node:path";

/** One request of an operation, as `METHOD route-template`, with the job it started. */
export interface ApiCall {
  /** e.g. `POST /api/v1/vpcs`. */
  call: string;
  /** The command of the job the call started and the provider waited for (its polls are not listed). */
  waitsFor?: string;
  /** The command of a job the call started that the provider did not wait for. */
  starts?: string;
}

/** One in-place change: the fields changed together and the calls it made. */
export interface UpdateCalls {
  fields: string[];
  calls: ApiCall[];
}

/** What one resource of a kind sends the API in each operation, its dependencies' calls left out. */
export interface KindApiCalls {
  create: ApiCall[];
  /** One entry per in-place change recorded (none when every change replaces). */
  update: UpdateCalls[];
  /** Refresh (`pulumi refresh`, and the read of an adoption). */
  read: ApiCall[];
  delete: ApiCall[];
}

export type ApiCalls = Record<string, KindApiCalls>;

/** Where the recording lives, from the repository root. */
export const API_CALLS_FILE = "provider/kinds/apiCalls.json";

let cached: ApiCalls | undefined;

/** The committed recording, read once from the source tree (`npm run generate` rewrites it before the pages). */
export function recordedApiCalls(): ApiCalls {
  cached ??= JSON.parse(fs.readFileSync(path.join(repositoryRoot(), API_CALLS_FILE), "utf8")) as ApiCalls;
  return cached;
}

/** The repository's root, whether this module runs from the sources (tests) or from dist/ (the build). */
function repositoryRoot(): string {
  const up = path.resolve(__dirname, "..", "..");
  return path.basename(up) === "dist" ? path.dirname(up) : up;
}
