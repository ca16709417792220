// A shared file system moved to a smaller fixed disk offering, through the real CLI: refused at preview (the
// platform never shrinks its data volume, and would refuse it at up), and the way out the refusal names for a
// smaller one works: `pulumi up --replace <urn>` with another name (the replacement is made before the old one is
// deleted, and names are unique), then the old name back in the next up. What the provider does itself is in
// tests/kinds/storage.test.ts.
import * as path from "node:path";
import { expect, it } from "vitest";
import { sourceHome, stackRun } from "../harness";
import { mutating, uniqueStack, useApi } from "./support";

const api = useApi();

it("a smaller fixed disk offering is refused at preview; --replace with another name makes the smaller one", async () => {
  const run = await stackRun({
    home: sourceHome("fs-size"),
    stackName: uniqueStack("fs-size"),
    program: path.join(__dirname, "programs", "fileSystem.cjs"),
    envVars: api().envVars,
  });
  const [up, exported] = await run([{ op: "up", config: { "fs:name": "assets" } }, { op: "export" }]);
  expect(up.outputs).toMatchObject({ fsName: "assets", size: 50, disk: "Medium 50 GB" });
  const fsUrn = exported.deployment?.deployment.resources.find((r: { type: string }) =>
    r.type.endsWith("cim:FileSystem"),
  ).urn;

  await api().control.resetRequests();
  const [shrunk] = await run([{ op: "preview", expectFailure: true, config: { "fs:disk": "Small 20 GB" } }]);
  expect(shrunk.ok).toBe(false);
  const refusal = shrunk.diagnostics.map((d) => d.message).join("\n");
  expect(refusal).toMatch(
    /resource 'files': property diskOfferingId value \{[0-9a-f-]{36}\} has a problem: diskOfferingId [0-9a-f-]{36} \(Small 20 GB, a fixed 20 GB\) would shrink the file system \(50 GB → 20 GB\): shared file systems only grow/,
  );
  expect(refusal).toContain(
    "For a smaller one, start over: copy the data elsewhere, then run pulumi up --replace <urn> with another name",
  );
  expect(mutating(await api().control.requests())).toEqual({});

  // `--replace` keeping the name: refused at preview too (the old one holds the name until the replacement is
  // made), with the same way out
  const [sameName] = await run([{ op: "preview", expectFailure: true, options: { replace: [fsUrn] } }]);
  expect(sameName.diagnostics.map((d) => d.message).join("\n")).toMatch(
    /property name value \{assets\} has a problem: name "assets" is taken: file system [0-9a-f-]{36} .*for `pulumi up --replace` of the one holding it, change the value for that `up` and back in the next/,
  );
  expect(mutating(await api().control.requests())).toEqual({});

  // the way out: the replacement under another name, at the smaller size; the old name back in the next up
  const [replaced, renamed] = await run([
    { op: "up", config: { "fs:name": "assets-2" }, options: { replace: [fsUrn] } },
    { op: "up", config: { "fs:name": "assets" } },
  ]);
  expect(replaced.summary).toEqual({ replace: 1, same: 2 });
  expect(replaced.outputs).toMatchObject({ fsName: "assets-2", size: 20, disk: "Small 20 GB" });
  expect(replaced.outputs?.fsId).not.toBe(up.outputs?.fsId);
  expect(renamed.summary).toEqual({ update: 1, same: 2 });
  expect(renamed.outputs).toMatchObject({ fsId: replaced.outputs?.fsId, fsName: "assets", size: 20 });
  const [destroyed] = await run([{ op: "destroy" }, { op: "rm" }]);
  expect(destroyed.summary).toEqual({ delete: 3 });
}, 300_000);
