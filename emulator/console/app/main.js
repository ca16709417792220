// @ts-check
// The console's shell: sign-in (prefilled with the local token where the emulator gives it), the region, the
// routes of the page (#/resources, #/r/<region>/<family>/<id>, #/audit/<page>, #/admin) and sign-out on any 401.
import { Api } from "./api.js";
import { h, replace } from "./dom.js";
import { claimsOf, localToken } from "./session.js";
import { adminView } from "./views/admin.js";
import { auditView } from "./views/audit.js";
import { recordView } from "./views/record.js";
import { resourcesView } from "./views/resources.js";

/** @typedef {import("./types.js").Meta} Meta */
/** @typedef {import("./types.js").Region} Region */
/** @typedef {import("./types.js").View} View */

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const el = {
  signIn: byId("sign-in"),
  form: /** @type {HTMLFormElement} */ (byId("sign-in-form")),
  token: /** @type {HTMLInputElement} */ (byId("token")),
  hint: byId("token-hint"),
  message: byId("sign-in-message"),
  app: byId("app-bar"),
  main: byId("main"),
  region: /** @type {HTMLSelectElement} */ (byId("region")),
  who: byId("who"),
  adminLink: byId("nav-admin"),
  signOut: byId("sign-out"),
};

/** @type {Meta} */
let meta;
/** @type {{api: Api, regions: Region[], admin: boolean} | undefined} */
let session;
/** @type {View | undefined} */
let view;

async function start() {
  const [metaAnswer] = await Promise.all([
    fetch("/console/meta.json", { cache: "no-store" }),
    showSignIn(""),
  ]);
  meta = await metaAnswer.json();
  el.form.addEventListener("submit", (e) => {
    e.preventDefault();
    signIn(el.token.value.trim());
  });
  el.signOut.addEventListener("click", () => endSession("Signed out."));
  el.region.addEventListener("change", () => {
    if (!session) return;
    session.api.region = el.region.value;
    if (window.location.hash.startsWith("#/r/")) window.location.hash = "#/resources";
    else route();
  });
  window.addEventListener("hashchange", route);
}

/** Shows the sign-in with a message; the local token fills the field where the emulator gives one. */
async function showSignIn(/** @type {string} */ message) {
  el.app.hidden = true;
  el.signIn.hidden = false;
  replace(el.message, message);
  el.message.hidden = !message;
  el.token.value = "";
  replace(el.hint, "Paste an access token (a JWT), e.g. the output of `cim-emulator token`.");
  const local = await localToken();
  if (local && el.signIn.hidden === false && !el.token.value) {
    el.token.value = local;
    replace(
      el.hint,
      "Filled with this emulator's local token (user-1, service:admin): it is given to a browser on this machine only.",
    );
  }
  el.token.focus();
}

async function signIn(/** @type {string} */ token) {
  if (!token) return showSignIn("Enter a token.");
  let refused = "";
  const api = new Api(token, (message) => {
    refused = message;
    if (session?.api === api) endSession(`The API refused the token (401): ${message}`);
  });
  try {
    /** @type {Region[]} */
    const regions = await api.get("/api/v1/regions");
    const claims = claimsOf(token);
    session = { api, regions, admin: claims?.permissions.includes(meta.adminPermission) ?? false };
    const active = regions.filter((r) => r.active);
    const chosen = active.find((r) => r.primary) ?? active[0] ?? regions[0];
    api.region = chosen?.id ?? "";
    replace(
      el.region,
      ...regions.map((r) =>
        h(
          "option",
          { value: r.id, selected: r === chosen, disabled: !r.active },
          `${r.name}${r.primary ? " (primary)" : ""}`,
        ),
      ),
    );
    const until = claims?.exp ? ` · token until ${new Date(claims.exp * 1000).toLocaleTimeString()}` : "";
    replace(el.who, `${claims?.sub ?? "?"}${session.admin ? " · admin" : ""}${until}`);
    el.adminLink.hidden = !session.admin;
    el.signIn.hidden = true;
    el.app.hidden = false;
    el.token.value = "";
    route();
  } catch (e) {
    showSignIn(
      refused
        ? `The API refused the token (401): ${refused}`
        : `Sign-in failed: ${e instanceof Error ? e.message : e}`,
    );
  }
}

function endSession(/** @type {string} */ message) {
  view?.dispose();
  view = undefined;
  session = undefined;
  replace(el.main);
  showSignIn(message);
}

/** Renders the view the location's hash names. */
function route() {
  if (!session) return;
  view?.dispose();
  const parts = window.location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  if (parts[0] === "r" && parts.length === 4 && session.regions.some((r) => r.id === parts[1])) {
    session.api.region = parts[1];
    el.region.value = parts[1];
  }
  const region = session.regions.find((r) => r.id === session?.api.region) ?? session.regions[0];
  const ctx = {
    api: session.api,
    meta,
    root: el.main,
    region,
    regions: session.regions,
    admin: session.admin,
  };
  for (const link of document.querySelectorAll("nav a")) {
    link.classList.toggle(
      "current",
      link.getAttribute("href")?.split("/")[1] === (parts[0] === "r" ? "resources" : parts[0] || "resources"),
    );
  }
  if (parts[0] === "r" && parts.length === 4) view = recordView(ctx, parts[2], parts[3]);
  else if (parts[0] === "audit") view = auditView(ctx, Math.max(1, Number(parts[1]) || 1));
  else if (parts[0] === "admin") view = adminView(ctx);
  else view = resourcesView(ctx);
}

start();
