// @ts-check
// The audit trail (GET /api/v1/audit), a page at a time as the API pages it, newest first; a row's resource
// links to the record when the console knows its family.
import { AuthError } from "../api.js";
import { errorBox, h, replace, table } from "../dom.js";
import { familyOfRoute, recordHref } from "../records.js";

/** @typedef {import("../types.js").ViewContext} ViewContext */

const PAGE_SIZE = 20;

/** @param {ViewContext} ctx @param {number} page @returns {import("../types.js").View} */
export function auditView(ctx, page) {
  let disposed = false;
  const body = h("div", {}, h("span", { class: "muted" }, "Loading…"));
  replace(ctx.root, h("div", { class: "toolbar" }, h("h2", {}, "Audit trail")), body);

  ctx.api
    .get("/api/v1/audit", { page, pageSize: PAGE_SIZE })
    .then((envelope) => {
      if (!disposed) replace(body, ...auditPage(ctx, envelope));
    })
    .catch((e) => {
      if (!disposed && !(e instanceof AuthError)) replace(body, errorBox(e));
    });
  return {
    dispose() {
      disposed = true;
    },
  };
}

/** @param {ViewContext} ctx @param {any} envelope */
function auditPage(ctx, envelope) {
  const rows = Array.isArray(envelope?.content) ? envelope.content : [];
  const page = Number(envelope?.page ?? 1);
  const totalPages = Math.max(1, Number(envelope?.totalPages ?? 1));
  const pager = h(
    "nav",
    { class: "pager" },
    page > 1 ? h("a", { href: `#/audit/${page - 1}`, class: "prev" }, "← Newer") : "",
    h(
      "span",
      { class: "page" },
      `Page ${page} of ${totalPages} · ${envelope?.totalElements ?? rows.length} rows`,
    ),
    page < totalPages ? h("a", { href: `#/audit/${page + 1}`, class: "next" }, "Older →") : "",
  );
  const regionName = (/** @type {string | undefined} */ id) =>
    ctx.regions.find((r) => r.id === id)?.name ?? "";
  const lines = rows.map((/** @type {any} */ row) =>
    h(
      "tr",
      { "data-audit": row.id },
      h("td", {}, String(row.timestamp ?? "")),
      h("td", {}, String(row.user ?? "")),
      h("td", { class: "method" }, String(row.method ?? "")),
      h("td", { class: "path" }, h("code", { title: row.route }, String(row.path ?? ""))),
      h("td", {}, String(row.status ?? "")),
      h("td", {}, regionName(row.regionId)),
      h("td", { class: "resource" }, resourceCell(ctx, row)),
      h("td", {}, row.jobId ? h("code", { title: row.jobId }, String(row.jobId).slice(0, 8)) : ""),
    ),
  );
  return [
    pager,
    table(["Time (server)", "User", "Method", "Path", "Status", "Region", "Resource", "Job"], lines, {
      class: "audit",
    }),
  ];
}

/** @param {ViewContext} ctx @param {any} row */
function resourceCell(ctx, row) {
  if (!row.resourceId) return "";
  const text = `${row.resourceType ?? ""} ${String(row.resourceId).slice(0, 8)}`;
  const byType = ctx.meta.families.filter((f) => f.resourceType === row.resourceType);
  const family =
    familyOfRoute(ctx.meta.families, String(row.route ?? "")) ??
    (byType.length === 1 ? byType[0] : undefined);
  if (!family || !row.regionId || family.resourceType !== row.resourceType) return text;
  return h("a", { href: recordHref(row.regionId, family.key, row.resourceId) }, text);
}
