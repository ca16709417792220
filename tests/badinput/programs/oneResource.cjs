// The bad-input suite's program: one resource, described by the runner's environment (set per operation):
//   BAD_CASE  JSON {kind, name, args}: `new cim[kind](name, args)`; args may hold wrong types on purpose
"use strict";

module.exports = (cim) => {
  const c = JSON.parse(process.env.BAD_CASE ?? "null");
  if (!c) return {};
  const resource = new cim[c.kind](c.name, c.args);
  return { id: resource.id };
};
