import type * as pulumi from "@pulumi/pulumi";

interface ProbeOutputs {
  value: string;
  delayMs: number;
  revision: number;
  providerPid: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The no-API resource behind `cim.Probe`: the toolchain proof and the benchmarks' engine floor. */
export const probeProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds, news) {
    const failures: pulumi.dynamic.CheckFailure[] = [];
    if (typeof news.value !== "string")
      failures.push({ property: "value", reason: "value must be a string" });
    const delay = news.delayMs ?? 0;
    if (typeof delay !== "number" || !Number.isInteger(delay) || delay < 0) {
      failures.push({
        property: "delayMs",
        reason: "delayMs must be a whole number of milliseconds, 0 or more",
      });
    }
    return { inputs: { value: news.value, delayMs: delay }, failures };
  },

  async diff(_id, olds: ProbeOutputs, news) {
    const changed = olds.value !== news.value || olds.delayMs !== news.delayMs;
    return { changes: changed };
  },

  async create(inputs) {
    await sleep(inputs.delayMs);
    const outs: ProbeOutputs = {
      value: inputs.value,
      delayMs: inputs.delayMs,
      revision: 1,
      providerPid: process.pid,
    };
    return { id: `probe-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, outs };
  },

  async read(id, props: ProbeOutputs) {
    return { id, props };
  },

  async update(_id, olds: ProbeOutputs, news) {
    await sleep(news.delayMs);
    const outs: ProbeOutputs = {
      value: news.value,
      delayMs: news.delayMs,
      revision: (olds.revision ?? 0) + 1,
      providerPid: process.pid,
    };
    return { outs };
  },

  async delete(_id, props: ProbeOutputs) {
    await sleep(props.delayMs ?? 0);
  },
};
