/**
 * GET /api/posts/{id}/sources: each source a post cites, once, with its
 * state and archived copy; visitors read it for published posts only (a
 * pending post's sources are its author's and the admins'), through the read
 * cache, which forgets an answer when a job changes a source. The review
 * queue carries each pending post's sources in the same shape, so the review
 * panel asks once for all its cards.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPostCiting } from "../support/sources.ts";
import { api, createAdmin, createMember, type SignedInUser } from "../support/api.ts";

let author: SignedInUser;
let other: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  [author, other, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
});

const run = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

describe("GET /api/posts/{id}/sources", () => {
  it("lists each source once, references first, with its state, where it moved and its archived copy", async () => {
    const [a, b] = [`https://read-a.example/${run}`, `https://read-b.example/${run}`];
    const postId = await createPostCiting(author, [
      { url: a, state: "moved", movedTo: `${a}/new`, checkedAt: "2026-11-01T10:00:00Z",
        archived: { url: `https://web.archive.org/web/20261020000000/${a}`, at: "2026-10-20T00:00:00Z" } },
      { url: b, place: "content", state: "unchecked" },
      { url: a, place: "content" },
    ]);
    const res = await api("GET", `/api/posts/${postId}/sources`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sources: [
        {
          url: a, host: "read-a.example", state: "moved", moved_to: `${a}/new`, checked_at: "2026-11-01T10:00:00+00:00",
          consecutive_failures: 0, next_check_at: expect.any(String),
          archived_url: `https://web.archive.org/web/20261020000000/${a}`, archived_at: "2026-10-20T00:00:00+00:00", place: "references",
        },
        {
          url: b, host: "read-b.example", state: "unchecked", moved_to: null, checked_at: null, consecutive_failures: 0, next_check_at: expect.any(String),
          archived_url: null, archived_at: null, place: "content",
        },
      ],
    });
  });

  it("shows a pending post's sources to its author and admins only", async () => {
    const postId = await createPostCiting(author, [{ url: `https://read-pending.example/${run}`, state: "unchecked" }], { status: "pending" });
    expect((await api("GET", `/api/posts/${postId}/sources`)).status).toBe(404);
    expect((await api("GET", `/api/posts/${postId}/sources`, { token: other.token })).status).toBe(404);
    for (const reader of [author, admin]) {
      const res = await api<{ sources: { url: string }[] }>("GET", `/api/posts/${postId}/sources`, { token: reader.token });
      expect(res.status).toBe(200);
      expect(res.body.sources.map((s) => s.url)).toEqual([`https://read-pending.example/${run}`]);
    }
    expect((await api("GET", "/api/posts/999999999/sources")).status).toBe(404);
    expect((await api("GET", "/api/posts/abc/sources")).status).toBe(404);
  });

  it("gives visitors a source's new state once a job records it (the read cache forgets the old answer)", async () => {
    const url = `https://read-cache.example/${run}`;
    const postId = await createPostCiting(author, [{ url, state: "unchecked" }]);
    const states = async () => (await api<{ sources: { state: string }[] }>("GET", `/api/posts/${postId}/sources`)).body.sources.map((s) => s.state);
    expect(await states()).toEqual(["unchecked"]);
    const [source] = await sql<{ id: string }[]>`select id from public.sources where url = ${url}`;
    await sql.begin(async (tx) => {
      await tx`set local role service_role`;
      await tx`select private.record_source_check(${source.id}, 'dead', null, 2, now() + interval '1 day')`;
    });
    await expect.poll(states, { timeout: 5_000, interval: 100 }).toEqual(["dead"]);
  });
});

describe("GET /api/admin/pending-posts", () => {
  it("carries each pending post's sources as GET /api/posts/{id}/sources lists them", async () => {
    const url = `https://read-review.example/${run}`;
    const postId = await createPostCiting(author, [{ url, state: "dead", checkedAt: "2026-11-02T08:00:00Z" }], { status: "pending" });
    const queue = await api<{ posts: { id: number; sources: unknown }[] }>("GET", "/api/admin/pending-posts", { token: admin.token });
    expect(queue.status).toBe(200);
    const ownRead = await api<{ sources: unknown[] }>("GET", `/api/posts/${postId}/sources`, { token: admin.token });
    expect(ownRead.body.sources).toHaveLength(1);
    expect(queue.body.posts.find((post) => post.id === postId)?.sources).toEqual(ownRead.body.sources);
  });
});
