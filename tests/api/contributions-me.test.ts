/**
 * My contributions over HTTP: GET /api/me/posts, /api/me/edit-suggestions and
 * /api/me/suggestions answer the caller's own, newest first, with their state;
 * an author opens their own pending or rejected post, nobody else does.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, type SignedInUser } from "../support/api.ts";

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

let author: SignedInUser;
let stranger: SignedInUser;
let admin: SignedInUser;
let published: number;
let pending: number;
let rejected: number;

beforeAll(async () => {
  [author, stranger, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
  published = await createPost(author, { title: "Published one", createdAt: daysAgo(3) });
  rejected = await createPost(author, { title: "Rejected one", status: "pending", createdAt: daysAgo(2) });
  pending = await createPost(author, { title: "Pending one", status: "pending", createdAt: daysAgo(1) });
  const res = await api("POST", `/api/admin/posts/${rejected}/reject`, { token: admin.token, json: { reason: "Please add a source." } });
  expect(res.status).toBe(200);
});

describe("GET /api/me/posts", () => {
  it("lists the caller's own posts newest first with their state and the rejection's reason; personal, never cached", async () => {
    const res = await api("GET", "/api/me/posts", { token: author.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body.posts.map((p: { id: number; status: string; rejection_reason: string | null }) => [p.id, p.status, p.rejection_reason]))
      .toEqual([[pending, "pending", null], [rejected, "rejected", "Please add a source."], [published, "approved", null]]);
  });

  it("pages newest first: each page after the one before, the last without a cursor; a bad cursor is a 400", async () => {
    const first = await api("GET", "/api/me/posts?limit=2", { token: author.token });
    expect(first.body.posts.map((p: { id: number }) => p.id)).toEqual([pending, rejected]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api("GET", `/api/me/posts?limit=2&cursor=${first.body.nextCursor}`, { token: author.token });
    expect(second.body.posts.map((p: { id: number }) => p.id)).toEqual([published]);
    expect(second.body.nextCursor).toBeNull();
    expect((await api("GET", "/api/me/posts?cursor=nonsense", { token: author.token })).status).toBe(400);
    expect((await api("GET", "/api/me/posts?limit=0", { token: author.token })).status).toBe(400);
  });

  it("shows another member none of them, and refuses a visitor", async () => {
    const other = await api("GET", "/api/me/posts", { token: stranger.token });
    expect(other.status).toBe(200);
    expect(other.body.posts).toEqual([]);
    const visitor = await api("GET", "/api/me/posts");
    expect(visitor.status).toBe(401);
    expect(visitor.body.detail ?? visitor.body.error).toBe("Please sign in first.");
  });
});

describe("GET /api/me/withdrawn-posts", () => {
  it("keeps a trace of a post its author withdrew (title, when sent and withdrawn), for them alone and in their data", async () => {
    const writer = await createMember();
    const title = `Taken back ${Date.now()}`;
    const id = await createPost(writer, { title, status: "pending", createdAt: daysAgo(1) });
    expect((await api("GET", "/api/me/withdrawn-posts", { token: writer.token })).body).toEqual({ posts: [] });
    expect((await api("DELETE", `/api/posts/${id}`, { token: writer.token })).status).toBe(200);

    const res = await api("GET", "/api/me/withdrawn-posts", { token: writer.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.body.posts).toHaveLength(1);
    expect(res.body.posts[0]).toMatchObject({ id, title });
    expect(Date.now() - new Date(res.body.posts[0].withdrawn_at).getTime()).toBeLessThan(60_000);
    expect(new Date(res.body.posts[0].created_at).getTime()).toBeLessThan(new Date(res.body.posts[0].withdrawn_at).getTime());
    // Not a post any more: not in their posts, and nobody else sees the trace.
    expect((await api("GET", "/api/me/posts", { token: writer.token })).body.posts).toEqual([]);
    expect((await api("GET", "/api/me/withdrawn-posts", { token: stranger.token })).body).toEqual({ posts: [] });
    expect((await api("GET", "/api/me/withdrawn-posts")).status).toBe(401);
    const data = await api("GET", "/api/me/export", { token: writer.token });
    expect(data.body.withdrawn_posts).toEqual([expect.objectContaining({ id, title })]);
  });
});

describe("an unpublished post at /api/posts/{id}", () => {
  it("opens for its author, with the reason it was rejected", async () => {
    const res = await api("GET", `/api/posts/${rejected}`, { token: author.token });
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({ status: "rejected", rejection_reason: "Please add a source." });
    const waiting = await api("GET", `/api/posts/${pending}`, { token: author.token });
    expect(waiting.status).toBe(200);
    expect(waiting.body.post.status).toBe("pending");
    expect(waiting.body.post).not.toHaveProperty("rejection_reason");
  });

  it("is 404 for other members and visitors", async () => {
    for (const id of [pending, rejected]) {
      expect((await api("GET", `/api/posts/${id}`, { token: stranger.token })).status).toBe(404);
      expect((await api("GET", `/api/posts/${id}`)).status).toBe(404);
    }
  });
});

describe("GET /api/me/edit-suggestions and /api/me/suggestions", () => {
  it("list the caller's own, newest first, with what became of them", async () => {
    const suggester = await createMember();
    const [older, newer] = await sql<{ id: string }[]>`
      insert into public.edit_suggestions (post_id, user_id, summary, changes, created_at)
      values (${published}, ${suggester.id}, 'Typo', '{"title": "Published one, fixed"}', now() - interval '2 hours'),
             (${published}, ${suggester.id}, 'Source', '{"citations": "A book"}', now() - interval '1 hour')
      returning id`;
    await api("POST", `/api/admin/suggestions/${older.id}/reject`, { token: admin.token, json: { reason: "The title was right." } });
    await sql`insert into public.suggestions (user_id, suggestion) values (${suggester.id}, 'More photos please')`;

    const edits = await api("GET", "/api/me/edit-suggestions", { token: suggester.token });
    expect(edits.status).toBe(200);
    expect(edits.body.suggestions).toEqual([
      expect.objectContaining({ id: Number(newer.id), post_id: published, post_title: "Published one", summary: "Source", fields: ["citations"], status: "pending", rejection_reason: null }),
      expect.objectContaining({ id: Number(older.id), fields: ["title"], status: "rejected", rejection_reason: "The title was right." }),
    ]);
    const general = await api("GET", "/api/me/suggestions", { token: suggester.token });
    expect(general.body.suggestions).toEqual([expect.objectContaining({ suggestion: "More photos please", status: "new" })]);

    for (const path of ["/api/me/edit-suggestions", "/api/me/suggestions"]) {
      expect((await api("GET", path, { token: stranger.token })).body.suggestions).toEqual([]);
      expect((await api("GET", path)).status).toBe(401);
    }
  });

  it("page too: edit suggestions by a bigint id, general suggestions by a UUID", async () => {
    const member = await createMember();
    await sql`
      insert into public.edit_suggestions (post_id, user_id, summary, changes, created_at)
      values (${published}, ${member.id}, 'First', '{"title": "One"}', now() - interval '2 hours'),
             (${published}, ${member.id}, 'Second', '{"title": "Two"}', now() - interval '1 hour')`;
    await sql`
      insert into public.suggestions (user_id, suggestion, created_at)
      values (${member.id}, 'Older idea', now() - interval '2 hours'), (${member.id}, 'Newer idea', now() - interval '1 hour')`;
    for (const [path, texts] of [
      ["/api/me/edit-suggestions", ["Second", "First"]],
      ["/api/me/suggestions", ["Newer idea", "Older idea"]],
    ] as const) {
      const text = (s: { summary?: string; suggestion?: string }) => s.summary ?? s.suggestion;
      const first = await api("GET", `${path}?limit=1`, { token: member.token });
      expect(first.body.suggestions.map(text)).toEqual([texts[0]]);
      const second = await api("GET", `${path}?limit=1&cursor=${first.body.nextCursor}`, { token: member.token });
      expect(second.body.suggestions.map(text)).toEqual([texts[1]]);
      expect(second.body.nextCursor).toBeNull();
    }
  });
});
