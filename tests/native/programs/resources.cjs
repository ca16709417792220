// A program for the native plugin's CLI tests: registers the resources the stack config `cimn:resources` lists
// (JSON: [{kind, name, props, secrets?, opts?}]) as `cim:index:<kind>` with the package's version, the way the
// native SDK registers them, so the tests drive the plugin before and apart from the SDK classes. Kind "Provider"
// is an explicit provider (`pulumi:providers:cim`); `opts.provider` names one declared before.
"use strict";
const path = require("node:path");
const { version } = require(path.join(__dirname, "..", "..", "..", "package.json"));

module.exports = (_cim, pulumi) => {
  const config = new pulumi.Config("cimn");
  const list = JSON.parse(config.get("resources") ?? "[]");
  const out = {};
  const providers = {};
  for (const r of list) {
    const props = { ...r.props };
    for (const k of r.secrets ?? []) if (props[k] !== undefined) props[k] = pulumi.secret(props[k]);
    if (r.kind === "Provider") {
      providers[r.name] = new pulumi.ProviderResource("cim", r.name, props, { version });
      continue;
    }
    const opts = { version, ...r.opts };
    if (typeof opts.provider === "string") opts.provider = providers[opts.provider];
    const res = new pulumi.CustomResource(`cim:index:${r.kind}`, r.name, props, opts);
    out[r.name] = res.id;
  }
  return out;
};
