// The two ways pulumi-cim's classes reach their provider, measured side by side in one run: `pulumi-cim` (Pulumi's
// dynamic-provider host, each resource carrying its serialized provider) and `pulumi-cim/native` (the plugin
// pulumi-resource-cim, named by the program folder's Pulumi.yaml: bench/lib/pulumi.mjs `newStack`).
import { row } from "./report.mjs";

/** The provider paths: `native` is newStack's option. */
export const PATHS = [
  { key: "dynamic", native: false, label: "dynamic provider" },
  { key: "native", native: true, label: "plugin" },
];

/**
 * Bytes of the exported checkpoint (its JSON, as the file backend writes it) per resource of the program: the
 * stack and the provider resources (`pulumi:providers:*`) are counted in the bytes but not as resources, so the
 * figure is what each resource costs in every checkpoint, its share of the fixed part included.
 */
export function checkpointBytesPerResource(exported) {
  const resources = exported.deployment.resources ?? [];
  const own = resources.filter(
    (r) => r.type !== "pulumi:pulumi:Stack" && !r.type.startsWith("pulumi:providers:"),
  );
  const bytes = Buffer.byteLength(JSON.stringify(exported));
  return own.length ? Math.round(bytes / own.length) : undefined;
}

/** One instance's state on the plugin beside the dynamic path's: its entry, and the checkpoint per resource. */
export function stateRow(scenario, label, state) {
  const { dynamic: d, native: n } = state;
  return row({
    scenario,
    metric: `${label}: bytes of checkpoint per instance on the plugin (its own entry ${n.stateChars})`,
    figure: n.checkpointBytesPerResource,
    reference: d.checkpointBytesPerResource,
    refLabel: `on the dynamic provider; its own entry ${d.stateChars}, its provider ${d.providerChars}`,
    unit: "",
  });
}
