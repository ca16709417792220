// @ts-check
// One record: its state, tags and the record as the API returns it, and the jobs on it with their normalised
// status and raw platform state. While a job runs (or the record is in a busy state) the view polls as the
// spec says clients should: GET /jobs/{jobId} every 2 s, then the record again.
import { ApiError, AuthError } from "../api.js";
import { errorBox, h, replace, stateBadge, table, tagList } from "../dom.js";
import { labelOf, nameOf, stateOf } from "../records.js";

/** @typedef {import("../types.js").ViewContext} ViewContext */

/** The spec's recommended polling interval (2 to 3 s). */
const POLL_MS = 2000;
/** Jobs of the last 30 days are shown (GET /jobs?hoursBack=). */
const JOB_WINDOW_HOURS = 24 * 30;

/** @param {ViewContext} ctx @param {string} familyKey @param {string} id @returns {import("../types.js").View} */
export function recordView(ctx, familyKey, id) {
  const family = ctx.meta.families.find((f) => f.key === familyKey);
  const back = h("a", { href: "#/resources" }, "← Resources");
  if (!family) {
    replace(ctx.root, back, errorBox(`No family ${familyKey} in this emulator`));
    return { dispose() {} };
  }
  const fam = family;
  /** @type {any} */
  let record;
  /** @type {"found" | "gone"} */
  let presence = "found";
  /** @type {any[]} */
  let jobs = [];
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let disposed = false;
  const view = h("div", { class: "record-view", "data-family": fam.key, "data-id": id });
  replace(ctx.root, back, view);

  async function readRecord() {
    try {
      const found = fam.item
        ? await ctx.api.get(fam.item.replace("{id}", encodeURIComponent(id)))
        : (await ctx.api.listAll(fam.list)).find((r) => r.id === id);
      presence = found ? "found" : "gone";
      if (found) record = found;
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) throw e;
      presence = "gone";
    }
  }

  /** The record's jobs, each read live: the raw platform state (statusCode) is not in job lists (the spec). */
  async function readJobs() {
    const rows = await ctx.api.listAll("/api/v1/jobs", { hoursBack: JOB_WINDOW_HOURS });
    jobs = await Promise.all(
      rows
        .filter((j) => j.resourceId === id)
        .map((j) => ctx.api.get(`/api/v1/jobs/${encodeURIComponent(j.jobId)}`)),
    );
  }

  async function readAll() {
    await Promise.all([readRecord(), readJobs()]);
  }

  const running = () => jobs.some((j) => j.status === "running");
  const busy = () => presence === "found" && fam.busy.includes(stateOf(record) ?? "");
  const live = () => running() || busy();

  /** Reads each running job (the spec's poll), then the record; the job list again when one ended. */
  async function poll() {
    let ended = false;
    for (const job of jobs.filter((j) => j.status === "running")) {
      const fresh = await ctx.api.get(`/api/v1/jobs/${encodeURIComponent(job.jobId)}`);
      jobs = jobs.map((j) => (j.jobId === fresh.jobId ? fresh : j));
      if (fresh.status !== "running") ended = true;
    }
    await readRecord();
    if (ended || (busy() && !running())) await readJobs();
  }

  /** @param {() => Promise<void>} step */
  async function run(step) {
    clearTimeout(timer);
    try {
      await step();
      if (disposed) return;
      render();
      if (live()) timer = setTimeout(() => run(poll), POLL_MS);
    } catch (e) {
      if (disposed || e instanceof AuthError) return;
      replace(view, errorBox(e));
    }
  }

  function render() {
    const title = presence === "found" ? nameOf(record) : id;
    replace(
      view,
      h(
        "div",
        { class: "toolbar" },
        h("h2", {}, `${fam.label}: `, h("span", { class: "record-name" }, title)),
        presence === "found" ? h("span", { class: "record-state" }, stateBadge(stateOf(record))) : "",
        h("button", { type: "button", onclick: () => run(readAll) }, "Refresh"),
        live() ? h("span", { class: "live" }, `● live: polling every ${POLL_MS / 1000} s`) : "",
      ),
      h(
        "p",
        { class: "muted" },
        `id ${id} · region ${ctx.region.name}`,
        presence === "found" && labelOf(record) ? ` · display name ${labelOf(record)}` : "",
      ),
      presence === "gone"
        ? h("p", { class: "gone" }, `This ${fam.label.toLowerCase()} is gone: the API no longer finds it.`)
        : h("div", { class: "record-tags" }, h("h3", {}, "Tags"), tagList(record.tags)),
      h("h3", {}, `Jobs (${jobs.length})`),
      jobs.length ? jobTable(ctx, jobs) : h("p", { class: "muted" }, "No jobs on this record."),
      presence === "found" ? h("h3", {}, "Record") : "",
      presence === "found" ? h("pre", { class: "record" }, JSON.stringify(record, null, 2)) : "",
    );
  }

  run(readAll);
  return {
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
  };
}

/** @param {ViewContext} ctx @param {any[]} jobs */
function jobTable(ctx, jobs) {
  const rows = jobs.map((j) =>
    h(
      "tr",
      { "data-job": j.jobId },
      h("td", { class: "command" }, String(j.command ?? "")),
      h("td", { class: "status" }, stateBadge(j.status)),
      h("td", { class: "raw" }, rawState(ctx, j.statusCode)),
      h("td", {}, String(j.created ?? "")),
      h("td", {}, String(j.completed ?? "")),
      h("td", { class: "detail" }, String(j.detail ?? "")),
      h("td", {}, h("code", { title: j.jobId }, String(j.jobId).slice(0, 8))),
    ),
  );
  return table(["Command", "Status", "Platform state", "Created", "Completed", "Detail", "Job"], rows, {
    class: "jobs",
  });
}

/** `1` → `PROCESSING (1)`: the raw platform state the normalised status collapses. */
function rawState(/** @type {ViewContext} */ ctx, /** @type {unknown} */ code) {
  if (code === undefined || code === null) return "—";
  const name = ctx.meta.rawStates[String(code)];
  return name ? `${name} (${code})` : String(code);
}
