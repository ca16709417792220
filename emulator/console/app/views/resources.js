// @ts-check
// Every family's records in the chosen region, each family read through its own list route (from
// /console/meta.json), with name, state and tags; a list with a record in a busy state is read again shortly.
import { AuthError } from "../api.js";
import { errorBox, h, replace, stateBadge, table, tagList } from "../dom.js";
import { labelOf, nameOf, recordHref, stateOf } from "../records.js";

/** @typedef {import("../types.js").ViewContext} ViewContext */
/** @typedef {import("../types.js").Family} Family */
/** @typedef {{family: Family, rows?: any[], error?: unknown}} FamilyResult */

/** How soon a list with a busy record is read again. */
const BUSY_REFRESH_MS = 2000;

/** @param {ViewContext} ctx @returns {import("../types.js").View} */
export function resourcesView(ctx) {
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  let disposed = false;
  const status = h("span", { class: "muted" }, "Loading…");
  const body = h("div", { class: "families" });
  const refresh = h("button", { type: "button", onclick: () => load() }, "Refresh");
  replace(
    ctx.root,
    h("div", { class: "toolbar" }, h("h2", {}, `Resources in ${ctx.region.name}`), refresh, status),
    body,
  );

  async function load() {
    clearTimeout(timer);
    const results = await Promise.all(ctx.meta.families.map((family) => read(ctx, family)));
    if (disposed || results.some((r) => r.error instanceof AuthError)) return;
    render(results);
    const busy = results.some((r) => r.rows?.some((row) => r.family.busy.includes(stateOf(row) ?? "")));
    if (busy) timer = setTimeout(load, BUSY_REFRESH_MS);
  }

  /** @param {FamilyResult[]} results */
  function render(results) {
    const count = results.reduce((n, r) => n + (r.rows?.length ?? 0), 0);
    const listed = results.filter((r) => r.error || r.rows?.length);
    replace(status, `${count} records · read ${new Date().toLocaleTimeString()}`);
    const empty = results.filter((r) => !r.error && !r.rows?.length);
    replace(
      body,
      ...listed.map((r) => familySection(ctx, r)),
      h(
        "p",
        { class: "muted empty-families" },
        "No records: ",
        ...empty.map((r, i) =>
          h("span", { "data-family": r.family.key }, `${i ? ", " : ""}${r.family.label}`),
        ),
      ),
      ctx.meta.unlisted.length
        ? h(
            "p",
            { class: "muted" },
            `Not listed (the API has no list route for them): ${ctx.meta.unlisted.map((u) => u.label).join(", ")}`,
          )
        : "",
    );
  }

  load().catch(() => undefined);
  return {
    dispose() {
      disposed = true;
      clearTimeout(timer);
    },
  };
}

/** @param {ViewContext} ctx @param {Family} family @returns {Promise<FamilyResult>} */
async function read(ctx, family) {
  try {
    return { family, rows: await ctx.api.listAll(family.list) };
  } catch (error) {
    return { family, error };
  }
}

/** @param {ViewContext} ctx @param {FamilyResult} r */
function familySection(ctx, r) {
  const { family } = r;
  const title = h(
    "h3",
    {},
    family.label,
    " ",
    h("span", { class: "count" }, r.rows ? String(r.rows.length) : ""),
    h("code", { class: "route" }, `GET ${family.list}`),
  );
  if (r.error) return h("section", { class: "family", "data-family": family.key }, title, errorBox(r.error));
  const rows = (r.rows ?? []).map((row) =>
    h(
      "tr",
      { "data-id": row.id },
      h(
        "td",
        { class: "name" },
        h("a", { href: recordHref(ctx.region.id, family.key, row.id) }, nameOf(row)),
        labelOf(row) ? h("span", { class: "muted" }, ` (${labelOf(row)})`) : "",
      ),
      h("td", { class: "id" }, h("code", { title: row.id }, String(row.id ?? "").slice(0, 8))),
      h("td", { class: "state" }, stateBadge(stateOf(row))),
      h("td", { class: "tags" }, tagList(row.tags)),
    ),
  );
  return h(
    "section",
    { class: "family", "data-family": family.key },
    title,
    table(["Name", "Id", "State", "Tags"], rows),
  );
}
