// A program of the classes of `pulumi-cim/native` (the `cim` the harness gives is its build), as a TypeScript user
// writes them: the stack config `cimc:resources` lists [{kind, name, props, opts?, get?}]; `get` is an id read
// with the class's static `get(name, id)` instead of a constructor call. The output `names` gives each resource's
// live `name` output by its Pulumi name.
"use strict";

module.exports = (cim, pulumi) => {
  const list = JSON.parse(new pulumi.Config("cimc").get("resources") ?? "[]");
  const names = {};
  for (const r of list) {
    const Class = cim[r.kind];
    const res = r.get ? Class.get(r.name, r.get, r.opts) : new Class(r.name, r.props ?? {}, r.opts);
    names[r.name] = res.name;
  }
  return { names };
};
