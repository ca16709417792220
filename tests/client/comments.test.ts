// The comment family of the client (the spec's annotations): add with query parameters and no body, read under the
// resource and by id, visibility (any user's token), delete on volumes only, and lost answers: an add that landed
// is recognised and never sent twice, one that did not land is sent again. Also the spec's protocol on an answer
// that does carry a jobId (an API that runs comments as jobs): it is kept for jobs.wait, not taken for done.
import { afterEach, describe, expect, it } from "vitest";
import { CimClient, type CommentTarget, NotFoundError } from "../../provider/client";
import { dropNextAnswer, fastWait, isolatedNetwork, useHarness } from "./emulatorHarness";
import { fakeJwt, REGION_A } from "./helpers";
import { rawServer, sendJson } from "./rawServer";

describe("comments against the emulator", () => {
  let client: CimClient;
  const t = useHarness((c) => {
    client = c;
  });
  const { hits } = t;

  async function network(): Promise<CommentTarget> {
    return { kind: "network", id: await isolatedNetwork(client, t.cat) };
  }
  async function volume(): Promise<CommentTarget> {
    const v = await client.volumes.create({
      name: "data",
      zoneId: t.cat.zoneId,
      diskOfferingId: t.cat.diskOfferingId,
    });
    await client.jobs.wait(v, fastWait);
    return { kind: "volume", id: v.id! };
  }

  it("add (synchronous, query parameters only), list, get by id; the API's record", async () => {
    const net = await network();
    const made = await client.comments.add(net, { annotation: "owned by team a" });
    expect(made).toEqual({ id: expect.any(String), jobId: undefined, region: t.h.primary });
    expect(await client.jobs.wait(made)).toBeUndefined(); // nothing to wait for
    const got = await client.comments.get("network", made.id!);
    expect(got).toMatchObject({
      id: made.id,
      entityId: net.id,
      entityType: "NETWORK",
      annotation: "owned by team a",
      adminsOnly: false,
      username: "user-1",
    });
    expect(await client.comments.list(net)).toEqual([got]);
    await expect(client.comments.get("vpc", made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("visibility is set with a user's token (whole-account), and an admins-only comment still reads back", async () => {
    const net = await network();
    const made = await client.comments.add(net, { annotation: "note" });
    expect(client.tokenClaims.permissions).toEqual([]);
    expect(await client.comments.setVisibility("network", made.id!, true)).toMatchObject({ id: made.id });
    expect((await client.comments.get("network", made.id!)).adminsOnly).toBe(true);
    const direct = await client.comments.add(net, { annotation: "for admins", adminsOnly: true });
    expect((await client.comments.list(net)).map((c) => [c.id, c.adminsOnly])).toEqual([
      [made.id, true],
      [direct.id, true],
    ]);
    // an administrator's token sees the same, no more
    const admin = await t.h.client({ token: await t.h.emu.adminToken() });
    expect(admin.tokenClaims.permissions).toEqual(["service:admin"]);
    expect(await admin.comments.list(net)).toEqual(await client.comments.list(net));
  });

  it("a volume's comment is deleted; a delete whose answer was lost is done once it is gone", async () => {
    const vol = await volume();
    const made = await client.comments.add(vol, { annotation: "tmp" });
    await dropNextAnswer(t.h.control, "DELETE", "/volumes/annotations/{annotationId}");
    expect(await client.comments.remove(made.id!)).toMatchObject({ id: made.id });
    expect(await hits("DELETE /api/v1/volumes/annotations/{annotationId}")).toBe(1);
    await expect(client.comments.get("volume", made.id!)).rejects.toBeInstanceOf(NotFoundError);
  });

  it.each([
    { action: "drop-after", landed: true, posts: 1 },
    { action: "drop-before", landed: false, posts: 2 },
  ] as const)("an add whose answer was lost ($action): sent again only if it did not land", async (c) => {
    const net = await network();
    // the same text already there (another comment): never taken for the request's
    const older = await client.comments.add(net, { annotation: "same text" });
    await t.h.control.resetRequests();
    await t.h.control.fault({
      method: "POST",
      route: "/networks/{id}/annotations",
      action: c.action,
      times: 1,
    });
    const made = await client.comments.add(net, { annotation: "same text" });
    expect(await hits("POST /api/v1/networks/{id}/annotations")).toBe(c.posts);
    expect(made.id).not.toBe(older.id);
    expect((await client.comments.list(net)).map((x) => x.id)).toEqual([older.id, made.id]);
  });
});

describe("an answer that carries a jobId", () => {
  const closing: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of closing.splice(0)) await c();
  });

  it("is kept for jobs.wait, which polls the job until it ends (absence of jobId is the only 'done')", async () => {
    const s = await rawServer((c, res) => {
      if (c.method === "GET" && c.url.endsWith("/annotations")) return sendJson(res, 200, []);
      if (c.method === "POST") return sendJson(res, 200, { jobId: "job-1", id: "c-1" });
      if (c.url.startsWith("/api/v1/jobs/job-1")) {
        const polls = s.calls.filter((x) => x.url.startsWith("/api/v1/jobs/job-1")).length;
        return sendJson(res, 200, { jobId: "job-1", status: polls < 2 ? "running" : "success" });
      }
      sendJson(res, 404, { message: "not found" });
    });
    closing.push(s.close);
    const client = new CimClient({ baseUrl: s.url, token: fakeJwt(), region: REGION_A });
    const accepted = await client.comments.add({ kind: "vpc", id: "vpc-1" }, { annotation: "x" });
    expect(accepted).toEqual({ jobId: "job-1", id: "c-1", region: REGION_A });
    const job = await client.jobs.wait(accepted, fastWait);
    expect(job?.status).toBe("success");
    expect(s.calls.filter((x) => x.url.startsWith("/api/v1/jobs/job-1"))).toHaveLength(2);
  });
});
