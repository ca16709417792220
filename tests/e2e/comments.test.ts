// cim.Comment through the real CLI, for what only the engine shows: a comment the API cannot delete (on a network)
// leaves the stack with a warning the user reads in the CLI's output, on a replacement (a new text) and on destroy,
// while a volume's comment is deleted, after its visibility changed in place with a user's token (no
// service:admin). What the provider does itself is in tests/kinds/organisation.test.ts.
import * as path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { NotFoundError } from "../../provider/client";
import { requireToolchain, sourceHome, stackRun } from "../harness";
import { startApi, type TestApi, uniqueStack } from "./support";

let api: TestApi;

beforeAll(async () => {
  requireToolchain();
  api = await startApi();
}, 60_000);

afterAll(async () => {
  await api?.close();
});

const KEPT =
  /warning: cim:Comment "on network legacy" \(id ([0-9a-f-]{36})\) in region de-fra-1 \([0-9a-f-]{36}\): removed from the stack but kept in the cloud: the API cannot delete a comment on a network \(only comments on volumes can be deleted\)\. It stays on network [0-9a-f-]{36} and goes when the network does \(the platform deletes a resource's comments with it\)\./;

it("a network's comment replaced or destroyed stays in the cloud, and the CLI shows the warning", async () => {
  const home = sourceHome("comments");
  const stackName = uniqueStack("comments");
  const program = path.join(__dirname, "programs", "comments.cjs");
  const run = await stackRun({ home, stackName, program, envVars: api.envVars });
  const [up, preview, replaced, hidden] = await run([
    { op: "up" },
    { op: "preview" },
    // The progress display (not the diff display) prints the engine's warnings.
    { op: "up", config: { "comments:text": "extend only with approval" }, options: { diff: false } },
    // visibility in place with the user's token (no service:admin): the spec's authorization is whole-account
    { op: "up", config: { "comments:adminsOnly": "true" } },
  ]);
  expect(up.summary).toEqual({ create: 5 });
  expect(up.output).not.toMatch(/warning: cim:Comment/);
  expect(preview.summary).toEqual({ same: 5 });
  const { networkId, netNote, volumeNote } = up.outputs as Record<string, string>;

  expect(replaced.summary).toEqual({ replace: 1, same: 4 });
  expect(replaced.output.match(KEPT)?.[1]).toBe(netNote);
  // an engine diagnostic (counted and listed under Diagnostics), not a line a process printed
  expect(replaced.output).toMatch(
    /1 warning\s+Diagnostics:[\s\S]*\n\s+warning: cim:Comment "on network legacy"/,
  );
  const texts = (await api.client.comments.list({ kind: "network", id: networkId })).map((c) => c.annotation);
  expect(texts).toEqual(["do not extend", "extend only with approval"]);
  expect(hidden.summary).toEqual({ update: 1, same: 4 });
  expect((await api.client.comments.get("volume", volumeNote)).adminsOnly).toBe(true);
  expect((await api.control.requests())["PUT /api/v1/volumes/annotations/{annotationId}/visibility"]).toBe(1);

  const [destroyed] = await run([{ op: "destroy", options: { diff: false } }, { op: "rm" }]);
  expect(destroyed.summary).toEqual({ delete: 5 });
  expect(destroyed.output.match(KEPT)?.[1]).toBe((replaced.outputs as Record<string, string>).netNote);
  expect(destroyed.output).not.toMatch(/warning: cim:Comment "on volume/);
  // the volume's comment was deleted before its volume (the one DELETE route); the network took its own with it
  const deletes = (await api.control.requests())["DELETE /api/v1/volumes/annotations/{annotationId}"];
  expect(deletes).toBe(1);
  await expect(api.client.comments.get("volume", volumeNote)).rejects.toBeInstanceOf(NotFoundError);
  await expect(api.client.networks.get(networkId)).rejects.toBeInstanceOf(NotFoundError);
}, 240_000);
