// cim-no-open-admin-ports in process, for a rule given by protocol number: 6 and 17 are tcp and udp, 0 is every
// protocol (the router writes `-p <protocol>`, and iptables reads 0 as all), so an allow rule from anywhere with one
// of them and no ports opens SSH; other numbers (47 GRE, 50 ESP) have no ports to open.
import { describe, expect, it } from "vitest";
import { noOpenAdminPorts } from "../../policy/policies";
import { kinds } from "../../provider/kinds";
import { typeToken } from "../../provider/kinds/define";

const RULE = typeToken(kinds.NetworkAclRule);

function run(props: Record<string, unknown>): string[] {
  const reports: string[] = [];
  const args = {
    type: RULE,
    props,
    urn: `urn:pulumi:s::p::${RULE}::r`,
    name: "r",
    opts: {},
    getConfig: () => ({}),
    notApplicable: () => undefined,
    isType: (c: { __pulumiType: string }) => c.__pulumiType === RULE,
    asType: (c: { __pulumiType: string }) => (c.__pulumiType === RULE ? props : undefined),
  };
  (noOpenAdminPorts.validateResource as (a: unknown, r: (m: string) => void) => void)(args, (m) =>
    reports.push(m),
  );
  return reports;
}

describe("cim-no-open-admin-ports with a protocol number", () => {
  const anywhere = { cidrList: ["0.0.0.0/0"] };
  it("reads 6 as tcp, 17 as udp and 0 as all", () => {
    expect(run({ ...anywhere, protocol: "6" })).toEqual([expect.stringContaining("to every tcp port")]);
    expect(run({ ...anywhere, protocol: "17" })).toEqual([expect.stringContaining("to every udp port")]);
    expect(run({ ...anywhere, protocol: "0" })).toEqual([expect.stringContaining("to all traffic")]);
    expect(run({ ...anywhere, protocol: "tcp", startPort: 22 })).toHaveLength(1);
  });

  it("leaves protocols without ports alone", () => {
    expect(run({ ...anywhere, protocol: "47" })).toEqual([]);
    expect(run({ ...anywhere, protocol: "50" })).toEqual([]);
    expect(run({ cidrList: ["10.0.0.0/8"], protocol: "6" })).toEqual([]);
  });
});
