// The "API calls" section of a reference page (docs/resources/<Kind>.md): per operation, the requests one
// resource of the kind sends and the jobs it waits for, as recorded against the emulator (apiCallsData.ts). The
// tables render the recording; nothing here is written per kind.
import { startsJobs } from "../client";
import type { ApiCall, KindApiCalls } from "./apiCallsData";
import type { Kind } from "./define";

const code = (s: string) => `\`${s}\``;

/** What a call's job column says. */
function jobText(c: ApiCall): string {
  if (c.waitsFor) return code(c.waitsFor);
  if (c.starts) return `${code(c.starts)} (not waited for)`;
  return "";
}

function table(calls: readonly ApiCall[]): string[] {
  if (!calls.length) return ["No API call.", ""];
  return [
    "| call | waits for job |",
    "|---|---|",
    ...calls.map((c) => `| ${code(c.call)} | ${jobText(c)} |`),
    "",
  ];
}

function updateTable(kind: Kind, recorded: KindApiCalls): string[] {
  if (!recorded.update.length) {
    if (Object.values(kind.fields).some((f) => f.change === "update"))
      throw new Error(`kind ${kind.name} changes fields in place but no in-place change is recorded`);
    return ["None: every change of this kind replaces it.", ""];
  }
  const rows = ["| change | call | waits for job |", "|---|---|---|"];
  for (const u of recorded.update) {
    u.calls.forEach((c, i) => {
      const change = i === 0 ? u.fields.map(code).join(", ") : "";
      rows.push(`| ${change} | ${code(c.call)} | ${jobText(c)} |`);
    });
  }
  // The recording changes a sample of the kind's in-place fields; the others are named, so the table is not
  // read as the whole list.
  const shown = new Set(recorded.update.flatMap((u) => u.fields));
  const others = Object.entries(kind.fields)
    .filter(([name, f]) => f.change === "update" && !shown.has(name))
    .map(([name]) => code(name));
  const rest = others.length
    ? [`Also changed in place, their calls not recorded here: ${others.join(", ")}.`, ""]
    : [];
  return [...rows, "", ...rest];
}

/** The section; a kind without a recording (added since the last `npm run generate`) is refused, naming it. */
export function apiCallsLines(kind: Kind, recorded: KindApiCalls | undefined): string[] {
  if (!recorded) throw new Error(`kind ${kind.name} has no recorded API calls: run npm run generate`);
  return [
    "## API calls",
    "",
    "What one resource sends the API in each operation, recorded against the emulator by `npm run generate`",
    "(what it stands on made beforehand, not shown): each call once, in the order it is first sent. A job is",
    "polled with `GET /api/v1/jobs/{jobId}` until it ends, shown here as the job the call waits for. A preview's",
    "checks (catalogue look-ups) are not included. When the answer to a change is lost (a timeout, a reset, a",
    "5xx), the provider reads the API's recent jobs, or the resource itself for a change without a job, before it",
    "sends anything again, and sends it again only when the change did not land:",
    "[Lost answers](../guides/failures-and-partial-state.md#lost-answers).",
    ...(startsJobs(kind.name)
      ? [
          "Before its first update, delete or adoption in a region, a run reads the recent jobs once",
          "(`GET /api/v1/jobs`, in each operation below as each was recorded in a run of its own); an update or a",
          "delete waits for any the list shows running on the resource (an earlier run's that ended before its job",
          "did), then decides from the resource as it is:",
          "[A run that ended before its job did](../guides/failures-and-partial-state.md#a-run-that-ended-before-its-job-did).",
        ]
      : [
          `The operations of a cim.${kind.name} start no jobs, so its updates and deletes look for none left running.`,
        ]),
    "",
    "### Create",
    "",
    ...table(recorded.create),
    "### Update in place",
    "",
    ...updateTable(kind, recorded),
    "### Refresh",
    "",
    ...table(recorded.read),
    "### Delete",
    "",
    ...table(recorded.delete),
  ];
}
