// @ts-check
// The emulator's control routes for a token with service:admin: the job clock (pause, resume, advance), how
// jobs end (job timing) and the fault rules (list, add, remove). The same /_emulator routes EmulatorControl calls.
import { AuthError } from "../api.js";
import { errorBox, h, replace, table } from "../dom.js";

/** @typedef {import("../types.js").ViewContext} ViewContext */

const JOB_MODES = ["timed", "immediate", "reads", "clock"];
const FAULT_EXAMPLE = '{"method": "POST", "route": "/volumes", "status": 503, "times": 1}';

/** @param {ViewContext} ctx @returns {import("../types.js").View} */
export function adminView(ctx) {
  let disposed = false;
  const message = h("div", { class: "admin-message" });
  const body = h("div", {}, h("span", { class: "muted" }, "Loading…"));
  replace(ctx.root, h("div", { class: "toolbar" }, h("h2", {}, "Emulator")), message, body);
  if (!ctx.admin) {
    replace(body, errorBox(`This view needs a token with the ${ctx.meta.adminPermission} permission.`));
    return { dispose() {} };
  }
  const api = ctx.api;

  async function load() {
    const [clock, timing, faults] = await Promise.all([
      api.get("/_emulator/clock"),
      api.get("/_emulator/job-timing"),
      api.get("/_emulator/faults"),
    ]);
    if (!disposed) replace(body, clockSection(clock, timing), faultSection(faults));
  }

  /** Runs a control call, then shows the fresh state (or what went wrong). @param {() => Promise<unknown>} step */
  async function act(step) {
    replace(message);
    try {
      await step();
      await load();
    } catch (e) {
      if (!disposed && !(e instanceof AuthError)) replace(message, errorBox(e));
    }
  }

  /**
   * A button that makes one control call, then shows the fresh state.
   * @param {string} cls @param {string} label @param {string} method @param {string} route
   * @param {() => unknown} [body] read when pressed
   */
  const control = (cls, label, method, route, body) =>
    h(
      "button",
      {
        type: "button",
        class: cls,
        onclick: () => act(() => api.request(method, `/_emulator${route}`, { body: body?.() })),
      },
      label,
    );
  const inputValue = (/** @type {HTMLElement} */ el) => /** @type {HTMLInputElement} */ (el).value;

  /** @param {any} clock @param {any} timing */
  function clockSection(clock, timing) {
    const advance = h("input", { type: "number", min: "0", step: "100", value: "1000", id: "advance-ms" });
    const latency = h("input", {
      type: "number",
      min: "0",
      step: "100",
      value: String(timing.latencyMs),
      id: "job-latency",
    });
    const options = JOB_MODES.map((m) => h("option", { value: m, selected: m === timing.mode }, m));
    const mode = h("select", { id: "job-mode" }, ...options);
    const state = clock.paused ? "paused" : clock.held ? "held (mode clock)" : "running";
    return h(
      "section",
      { class: "clock" },
      h("h3", {}, "Job clock"),
      h(
        "p",
        { class: "clock-state" },
        h("span", { class: "clock-paused" }, state),
        ` · server time ${clock.local} (${clock.timeZone}) · skew ${clock.skewMs} ms`,
      ),
      h(
        "div",
        { class: "controls" },
        clock.paused
          ? control("resume", "Resume", "POST", "/clock", () => ({ paused: false }))
          : control("pause", "Pause", "POST", "/clock", () => ({ paused: true })),
        h("label", {}, "Advance by ", advance, " ms "),
        control("advance", "Advance", "POST", "/clock", () => ({ advanceMs: Number(inputValue(advance)) })),
      ),
      h(
        "div",
        { class: "controls" },
        h("label", {}, "Jobs end ", mode),
        h("label", {}, " after ", latency, " ms "),
        control("apply-timing", "Apply", "PUT", "/job-timing", () => ({
          mode: inputValue(mode),
          latencyMs: Number(inputValue(latency)),
        })),
        h("span", { class: "muted" }, ` jitter ${timing.jitterMs} ms · reads ${timing.reads}`),
      ),
    );
  }

  /** @param {any[]} faults */
  function faultSection(faults) {
    const input = h("textarea", {
      id: "fault-rule",
      rows: "3",
      spellcheck: "false",
      placeholder: FAULT_EXAMPLE,
    });
    const rows = faults.map((f) =>
      h(
        "tr",
        { "data-fault": f.id },
        h("td", { class: "method" }, String(f.method ?? "*")),
        h("td", { class: "route" }, h("code", {}, String(f.route))),
        h("td", { class: "effect" }, effectOf(f)),
        h("td", {}, f.times === undefined ? "every call" : String(f.times)),
        h("td", {}, String(f.hits ?? 0)),
        h("td", {}, control("remove", "Remove", "DELETE", `/faults/${encodeURIComponent(f.id)}`)),
      ),
    );
    return h(
      "section",
      { class: "faults" },
      h("h3", {}, `Fault rules (${faults.length})`),
      faults.length
        ? table(["Method", "Route", "Effect", "Times left", "Hits", ""], rows, { class: "fault-rules" })
        : h("p", { class: "muted" }, "No fault rules."),
      faults.length ? control("clear", "Remove all", "DELETE", "/faults") : "",
      h("h4", {}, "Add a rule"),
      input,
      control("add-fault", "Add rule", "POST", "/faults", () => parseRule(inputValue(input))),
    );
  }

  load().catch((e) => {
    if (!disposed && !(e instanceof AuthError)) replace(body, errorBox(e));
  });
  return {
    dispose() {
      disposed = true;
    },
  };
}

/** What a rule does, in a few words. @param {any} f */
function effectOf(f) {
  const parts = [];
  if (f.latencyMs) parts.push(`+${f.latencyMs} ms`);
  if (f.action) parts.push(f.action);
  if (f.status) parts.push(`status ${f.status}${f.body === "html" ? " (proxy page)" : ""}`);
  if (f.jobFail) parts.push(`job fails: ${f.jobFail.detail}`);
  if (f.jobStuck) parts.push("job stuck");
  if (f.jobStuckMs) parts.push(`job stuck ${f.jobStuckMs} ms`);
  if (f.probability !== undefined && f.probability < 1) parts.push(`p=${f.probability}`);
  return parts.join(", ") || "—";
}

/** @param {string} text */
function parseRule(text) {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`A rule is a JSON object, e.g. ${FAULT_EXAMPLE}`);
  }
}
