// @ts-check
// Building the page: elements made with text nodes only (never innerHTML), so a record's text is shown as text
// and never runs as markup.

/**
 * An element with attributes and children; `on<event>` attributes are listeners, `false`/`undefined` are left out.
 * @param {string} tag
 * @param {Record<string, unknown>} [attrs]
 * @param {...(Node | string | number | false | null | undefined | (Node | string)[])} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false || value === null) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), /** @type {EventListener} */ (value));
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
  }
  return el;
}

/** @param {Element} el @param {...(Node | string)} children */
export function replace(el, ...children) {
  el.replaceChildren(...children);
}

/**
 * A table: a header row and body rows (each a row element or a list of cells).
 * @param {string[]} headers
 * @param {(HTMLElement | (Node | string)[])[]} rows
 * @param {Record<string, unknown>} [attrs]
 */
export function table(headers, rows, attrs = {}) {
  return h(
    "table",
    attrs,
    h("thead", {}, h("tr", {}, ...headers.map((t) => h("th", {}, t)))),
    h(
      "tbody",
      {},
      ...rows.map((r) => (r instanceof HTMLElement ? r : h("tr", {}, ...r.map((c) => h("td", {}, c))))),
    ),
  );
}

/** `{env: "demo", role: "web"}` → tag chips. @param {unknown} tags */
export function tagList(tags) {
  if (!tags || typeof tags !== "object") return h("span", { class: "muted" }, "");
  const entries = Object.entries(/** @type {Record<string, unknown>} */ (tags));
  return h(
    "span",
    { class: "tags" },
    ...entries.map(([k, v]) => h("span", { class: "tag" }, `${k}=${String(v)}`)),
  );
}

/** A state as a badge whose colour says running, done or failed. @param {string | undefined} state */
export function stateBadge(state) {
  const s = (state ?? "").toLowerCase();
  const tone = /error|fail|destroy|expung|revoke/.test(s)
    ? "bad"
    : /running|ready|active|allocated|implemented|backedup|success|enabled|setup/.test(s)
      ? "good"
      : s
        ? "busy"
        : "none";
  return h("span", { class: `state ${tone}` }, state ?? "—");
}

/** A message box for an error (what failed, the API's message and status). @param {unknown} error */
export function errorBox(error) {
  const text = error instanceof Error ? error.message : String(error);
  return h("p", { class: "error", role: "alert" }, text);
}
