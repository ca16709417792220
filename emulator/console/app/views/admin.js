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

  /** @param {any} clock @param {any} timing */
  function clockSection(clock, timing) {
    const advance = h("input", { type: "number", min: "0", step: "100", value: "1000", id: "advance-ms" });
    const mode = h(
      "select",
      { id: "job-mode" },
      ...JOB_MODES.map((m) => h("option", { value: m, selected: m === timing.mode }, m)),
    );
    const latency = h("input", {
      type: "number",
      min: "0",
      step: "100",
      value: String(timing.latencyMs),
      id: "job-latency",
    });
    const value = (/** @type {HTMLElement} */ el) => /** @type {HTMLInputElement} */ (el).value;
    return h(
      "section",
      { class: "clock" },
      h("h3", {}, "Job clock"),
      h(
        "p",
        { class: "clock-state" },
        h(
          "span",
          { class: "clock-paused" },
          clock.paused ? "paused" : clock.held ? "held (mode clock)" : "running",
        ),
        ` · server time ${clock.local} (${clock.timeZone}) · skew ${clock.skewMs} ms`,
      ),
      h(
        "div",
        { class: "controls" },
        clock.paused
          ? h(
              "button",
              {
                type: "button",
                class: "resume",
                onclick: () =>
                  act(() => api.request("POST", "/_emulator/clock", { body: { paused: false } })),
              },
              "Resume",
            )
          : h(
              "button",
              {
                type: "button",
                class: "pause",
                onclick: () => act(() => api.request("POST", "/_emulator/clock", { body: { paused: true } })),
              },
              "Pause",
            ),
        h("label", {}, "Advance by ", advance, " ms "),
        h(
          "button",
          {
            type: "button",
            class: "advance",
            onclick: () =>
              act(() =>
                api.request("POST", "/_emulator/clock", { body: { advanceMs: Number(value(advance)) } }),
              ),
          },
          "Advance",
        ),
      ),
      h(
        "div",
        { class: "controls" },
        h("label", {}, "Jobs end ", mode),
        h("label", {}, " after ", latency, " ms "),
        h(
          "button",
          {
            type: "button",
            class: "apply-timing",
            onclick: () =>
              act(() =>
                api.request("PUT", "/_emulator/job-timing", {
                  body: { mode: value(mode), latencyMs: Number(value(latency)) },
                }),
              ),
          },
          "Apply",
        ),
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
        h(
          "td",
          {},
          h(
            "button",
            {
              type: "button",
              class: "remove",
              onclick: () =>
                act(() => api.request("DELETE", `/_emulator/faults/${encodeURIComponent(f.id)}`)),
            },
            "Remove",
          ),
        ),
      ),
    );
    return h(
      "section",
      { class: "faults" },
      h("h3", {}, `Fault rules (${faults.length})`),
      faults.length
        ? table(["Method", "Route", "Effect", "Times left", "Hits", ""], rows, { class: "fault-rules" })
        : h("p", { class: "muted" }, "No fault rules."),
      faults.length
        ? h(
            "button",
            {
              type: "button",
              class: "clear",
              onclick: () => act(() => api.request("DELETE", "/_emulator/faults")),
            },
            "Remove all",
          )
        : "",
      h("h4", {}, "Add a rule"),
      input,
      h(
        "button",
        {
          type: "button",
          class: "add-fault",
          onclick: () =>
            act(async () =>
              api.request("POST", "/_emulator/faults", {
                body: parseRule(/** @type {HTMLTextAreaElement} */ (input).value),
              }),
            ),
        },
        "Add rule",
      ),
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
