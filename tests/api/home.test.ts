import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost, type PostOptions } from "../support/fixtures.ts";
import { api, createMember, refusal, type SignedInUser } from "../support/api.ts";

let author: SignedInUser;
const ids: Record<string, number> = {};
const extraIds: number[] = [];

beforeAll(async () => {
  author = await createMember({ lastName: "home-author" });
  const post = (title: string, fields: PostOptions) =>
    createPost(author, { title, excerpt: "An excerpt", content: "Some **content**", tags: ["home-test", "api"], ...fields });
  const now = new Date().toISOString();
  ids.today = await post("Approved today", { status: "approved", createdAt: now });
  ids.pending = await post("Pending today", { status: "pending", createdAt: now });
  ids.lastYear = await post("Approved last year", { status: "approved", createdAt: "2025-01-01T12:00:00Z" });
  // Not today's: older important posts are listed too (the 10 newest of them).
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  ids.important = await post("Important from yesterday", { status: "approved", createdAt: yesterday, isImportant: true });
});
afterAll(async () => {
  await sql`delete from public.posts where id in ${sql([...Object.values(ids), ...extraIds])}`;
});

describe("GET /api/posts (home)", () => {
  it("returns the three groups", async () => {
    const res = await api("GET", "/api/posts");
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["importantPosts", "pinnedPost", "recentNextCursor", "recentPosts"]);
    expect(Array.isArray(res.body.importantPosts)).toBe(true);
    expect(Array.isArray(res.body.recentPosts)).toBe(true);
  });

  it("lists approved posts created today as recent, and nothing pending or older", async () => {
    const res = await api("GET", "/api/posts");
    const recentIds = res.body.recentPosts.map((post: { id: number }) => post.id);
    expect(recentIds).toContain(ids.today);
    expect(recentIds).not.toContain(ids.pending);
    expect(recentIds).not.toContain(ids.lastYear);
  });

  it("lists important posts, not only today's", async () => {
    const res = await api("GET", "/api/posts");
    const importantIds = res.body.importantPosts.map((post: { id: number }) => post.id);
    expect(importantIds).toContain(ids.important);
    expect(importantIds).not.toContain(ids.lastYear);
    expect(res.body.recentPosts.map((post: { id: number }) => post.id)).not.toContain(ids.important);
  });

  it("shapes each post as SPEC §3 names it", async () => {
    const res = await api("GET", "/api/posts");
    const post = res.body.recentPosts.find((p: { id: number }) => p.id === ids.today);
    expect(post).toMatchObject({
      id: ids.today,
      title: "Approved today",
      excerpt: "An excerpt",
      tags: "home-test,api",
      post_type: "discussion",
      is_nsfw: false,
      is_pinned: false,
      is_important: false,
      author_name: "Test home-author",
      upvotes: 0,
      downvotes: 0,
      comment_count: 0,
      user_vote: "none",
      media: [],
      image_url: null,
    });
  });

  it("shows 20 of today's posts and the 10 newest important ones; recentNextCursor pages through the rest of today's", async () => {
    // 21 more of today's posts, a second apart and older than the test's others, so a next page exists.
    const start = Date.now() - 60_000;
    const more: number[] = [];
    for (let i = 0; i < 21; i++) {
      more.push(await createPost(author, { title: `Today ${i}`, status: "approved", createdAt: new Date(start - i * 1000).toISOString() }));
    }
    extraIds.push(...more);

    const home = await api("GET", "/api/posts?tz=UTC");
    expect(home.body.recentPosts).toHaveLength(20);
    expect(home.body.importantPosts.length).toBeLessThanOrEqual(10);
    expect(home.body.recentNextCursor).toEqual(expect.any(String));
    const seen: number[] = home.body.recentPosts.map((post: { id: number }) => post.id);
    let cursor: string | null = home.body.recentNextCursor;
    while (cursor) {
      const page = await api("GET", `/api/posts/recent?tz=UTC&limit=7&cursor=${cursor}`);
      expect(page.status).toBe(200);
      expect(page.body.posts.length).toBeLessThanOrEqual(7);
      seen.push(...page.body.posts.map((post: { id: number }) => post.id));
      cursor = page.body.nextCursor;
    }
    // Every one of today's posts once, newest first; nothing pending or older.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => more.includes(id))).toEqual(more);
    expect(seen).toContain(ids.today);
    expect(seen).not.toContain(ids.pending);
    expect(seen).not.toContain(ids.lastYear);
  });

  it("gives a member their own votes on a page of today's posts", async () => {
    const voter = await createMember({ lastName: "recent-voter" });
    const home = await api("GET", "/api/posts?tz=UTC", { token: voter.token });
    const cursor: string = home.body.recentNextCursor;
    expect(cursor, "a second page of today's posts (the test above made one)").toEqual(expect.any(String));
    const visitorPage = await api("GET", `/api/posts/recent?tz=UTC&cursor=${cursor}`);
    const target = visitorPage.body.posts[0];
    expect((await api("POST", `/api/posts/${target.id}/vote`, { token: voter.token, json: { voteType: "down" } })).status).toBe(200);
    const mine = await api("GET", `/api/posts/recent?tz=UTC&cursor=${cursor}`, { token: voter.token });
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.body.posts.find((post: { id: number }) => post.id === target.id)).toMatchObject({ downvotes: target.downvotes + 1, user_vote: "down" });
  });

  it("refuses a page of today's posts without a cursor it gave, and changes nothing", async () => {
    expect(await refusal("GET", "/api/posts/recent?tz=UTC"))
      .toEqual({ status: 400, error: "cursor: Home's recentNextCursor or the previous page's nextCursor is required." });
    expect(await refusal("GET", "/api/posts/recent?tz=UTC&cursor=not-a-cursor")).toEqual({ status: 400, error: "cursor: not a cursor this API returned." });
    const notATime = await api("GET", `/api/posts/recent?tz=UTC&cursor=${btoa(JSON.stringify(["yesterday-ish", 1]))}`);
    expect(notATime.status).toBe(400);
  });

  it("reads 'today' in the visitor's time zone when one is given", async () => {
    const res = await api("GET", "/api/posts?tz=Pacific/Kiritimati");
    expect(res.status).toBe(200);
    const bad = await api("GET", "/api/posts?tz=Not/AZone");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBeTruthy();
  });

  it("is reachable through the site's /api proxy", async () => {
    const res = await fetch(`${process.env.SITE_URL ?? "http://localhost:5173"}/api/posts`);
    expect(res.status).toBe(200);
    expect(Object.keys(await res.json()).sort()).toEqual(["importantPosts", "pinnedPost", "recentNextCursor", "recentPosts"]);
  });
});

describe("caching", () => {
  it("lets a CDN keep what visitors read for a short while, and nothing a signed-in user reads", async () => {
    const visitor = await api("GET", "/api/posts");
    // A browser asks again each time (no stale-while-revalidate for it: it would ask twice for one page); a CDN refreshes in the background.
    expect(visitor.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30");
    expect(visitor.headers.get("cdn-cache-control")).toBe("public, max-age=30, stale-while-revalidate=300");
    expect(visitor.headers.get("vary")).toContain("Authorization");
    const member = await api("GET", "/api/posts", { token: author.token });
    expect(member.headers.get("cache-control")).toBe("private, no-store");
    const missing = await api("GET", "/api/posts/999999999");
    expect(missing.headers.get("cache-control")).toBe("private, no-store");
  });

  it("answers a signed-in read from the visitor's answer with current counters and the user's own votes", async () => {
    const voter = await createMember({ lastName: "home-voter" });
    const path = `/api/posts/${ids.lastYear}`;
    const before = (await api("GET", path)).body.post;
    expect((await api("POST", `${path}/vote`, { token: voter.token, json: { voteType: "up" } })).status).toBe(200);

    const mine = await api("GET", path, { token: voter.token });
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.body.post).toMatchObject({ id: ids.lastYear, title: "Approved last year", upvotes: before.upvotes + 1, user_vote: "up" });
    const theirs = await api("GET", path, { token: author.token });
    expect(theirs.body.post).toMatchObject({ upvotes: before.upvotes + 1, user_vote: "none" });
    // The same in every list the post is in.
    const list = await api("GET", "/api/posts/all?tags=home-test", { token: voter.token });
    expect(list.body.posts.find((post: { id: number }) => post.id === ids.lastYear)).toMatchObject({ upvotes: before.upvotes + 1, user_vote: "up" });
    // A post a visitor may not see is the user's own read: the author sees their pending post, others do not.
    expect((await api("GET", `/api/posts/${ids.pending}`, { token: author.token })).body.post).toMatchObject({ status: "pending", user_vote: "none" });
    expect((await api("GET", `/api/posts/${ids.pending}`, { token: voter.token })).status).toBe(404);
  });
});
