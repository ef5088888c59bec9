/**
 * Following (PUT, GET and DELETE /api/follows/{posts|tags|authors}/{id}, GET
 * /api/me/follows) and notification settings (GET and PUT
 * /api/me/notification-settings): each member's own, as the caller.
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { api, createMember } from "../support/api.ts";

describe("following a post, a tag and an author", () => {
  it("follows, answers the state, lists it on the account and stops, each call idempotent and private", async () => {
    const [member, author] = await Promise.all([createMember({ lastName: "follower" }), createMember({ lastName: "followed" })]);
    const postId = await createPost(author, { title: "The harbour at dawn" });
    const token = member.token;

    expect((await api("GET", `/api/follows/posts/${postId}`, { token })).body).toEqual({ following: false });
    for (let i = 0; i < 2; i++) {
      expect((await api("PUT", `/api/follows/posts/${postId}`, { token })).body).toEqual({ following: true });
      expect((await api("PUT", "/api/follows/tags/%20Harbours%20", { token })).body).toEqual({ following: true });
      expect((await api("PUT", `/api/follows/authors/${author.id}`, { token })).body).toEqual({ following: true });
    }
    const state = await api("GET", `/api/follows/posts/${postId}`, { token });
    expect(state.body).toEqual({ following: true });
    expect(state.headers.get("cache-control")).toBe("private, no-store");
    // The tag is kept as posts keep theirs: trimmed and lower-case, whatever the spelling asked.
    expect((await api("GET", "/api/follows/tags/HARBOURS", { token })).body).toEqual({ following: true });

    const mine = await api("GET", "/api/me/follows", { token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      posts: [{ postId, title: "The harbour at dawn", followedAt: expect.any(String) }],
      tags: [{ tag: "harbours", followedAt: expect.any(String) }],
      authors: [{ authorId: author.id, name: "Test followed", followedAt: expect.any(String) }],
    });

    for (let i = 0; i < 2; i++) {
      expect((await api("DELETE", "/api/follows/tags/harbours", { token })).body).toEqual({ following: false });
    }
    expect((await api("GET", "/api/me/follows", { token })).body.tags).toEqual([]);
  });

  it("asks visitors to sign in", async () => {
    const postId = await createPost(await createMember());
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const res = await api(method, `/api/follows/posts/${postId}`);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("Please sign in to follow posts, tags and authors.");
    }
    expect((await api("GET", "/api/me/follows")).status).toBe(401);
  });

  it("finds no post the caller cannot read and no author without a public page, whatever the id", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    const pending = await createPost(other, { status: "pending" });
    for (const path of [`/api/follows/posts/${pending}`, "/api/follows/posts/999999999", "/api/follows/posts/abc"]) {
      const res = await api("PUT", path, { token: member.token });
      expect([res.status, res.body.error]).toEqual([404, "Post not found."]);
    }
    const quiet = await createMember();
    for (const path of [`/api/follows/authors/${quiet.id}`, "/api/follows/authors/not-a-uuid"]) {
      const res = await api("PUT", path, { token: member.token });
      expect([res.status, res.body.error]).toEqual([404, "Author not found."]);
    }
    const [{ count }] = await sql`
      select (select count(*) from public.post_follows where member_id = ${member.id})
           + (select count(*) from public.author_follows where member_id = ${member.id}) as count`;
    expect(Number(count)).toBe(0);
  });

  it("refuses a tag longer than a tag can be and following oneself", async () => {
    const member = await createMember();
    await createPost(member);
    const long = await api("PUT", `/api/follows/tags/${"a".repeat(51)}`, { token: member.token });
    expect([long.status, long.body.error]).toEqual([400, "A tag has 1 to 50 characters."]);
    const self = await api("PUT", `/api/follows/authors/${member.id}`, { token: member.token });
    expect([self.status, self.body.error]).toEqual([400, "You cannot follow yourself."]);
  });

  it("lists only posts the member can still read, titled as readers see them", async () => {
    const [member, author] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author, { title: "Before" });
    expect((await api("PUT", `/api/follows/posts/${postId}`, { token: member.token })).status).toBe(200);
    await sql`update public.posts set title = 'After' where id = ${postId}`;
    expect((await api("GET", "/api/me/follows", { token: member.token })).body.posts).toEqual([expect.objectContaining({ postId, title: "After" })]);
    await sql`update public.posts set status = 'rejected' where id = ${postId}`;
    expect((await api("GET", "/api/me/follows", { token: member.token })).body.posts).toEqual([]);
  });

  it("lists an author's own post from the start", async () => {
    const author = await createMember();
    const postId = await createPost(author, { title: "Mine", status: "pending" });
    expect((await api("GET", `/api/follows/posts/${postId}`, { token: author.token })).body).toEqual({ following: true });
  });

  it("lets a suspended member follow: it writes nothing anyone else reads", async () => {
    const member = await createMember();
    await sql`update public.profiles set suspended_until = now() + interval '1 day', suspension_reason = 'Test' where id = ${member.id}`;
    expect((await api("PUT", "/api/follows/tags/quiet", { token: member.token })).status).toBe(200);
  });

  it("stops at 1,000 of a kind with a message that says what to do", async () => {
    const member = await createMember();
    await sql`insert into public.tag_follows (member_id, tag) select ${member.id}, 'cap-' || n from generate_series(1, 1000) n`;
    const res = await api("PUT", "/api/follows/tags/one-too-many", { token: member.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("You can follow at most 1,000 tags. Unfollow some on your account page first.");
    // Following again what one follows takes no new place.
    expect((await api("PUT", "/api/follows/tags/cap-1", { token: member.token })).status).toBe(200);
  });
});

describe("notification settings", () => {
  const defaults = {
    topics: [
      { topic: "decisions", delivery: "immediate", isDefault: true },
      { topic: "replies", delivery: "immediate", isDefault: true },
      { topic: "comments", delivery: "immediate", isDefault: true },
      { topic: "account", delivery: "immediate", isDefault: true },
      { topic: "following", delivery: "digest", isDefault: true },
    ],
    digest: { timeZone: "UTC", hour: 8, isDefault: true },
  };

  it("answers the defaults until the member chooses, then changes only what the body names", async () => {
    const member = await createMember();
    const token = member.token;
    const first = await api("GET", "/api/me/notification-settings", { token });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(first.body).toEqual(defaults);

    const changed = await api("PUT", "/api/me/notification-settings", { token, json: { topics: [{ topic: "following", delivery: "bell" }] } });
    expect(changed.status).toBe(200);
    expect(changed.body.topics[4]).toEqual({ topic: "following", delivery: "bell", isDefault: false });
    expect(changed.body.digest).toEqual(defaults.digest);

    const hour = await api("PUT", "/api/me/notification-settings", { token, json: { digest: { hour: 19 } } });
    expect(hour.body.digest).toEqual({ timeZone: "UTC", hour: 19, isDefault: false });
    const zone = await api("PUT", "/api/me/notification-settings", { token, json: { digest: { timeZone: "America/Sao_Paulo" } } });
    expect(zone.body.digest).toEqual({ timeZone: "America/Sao_Paulo", hour: 19, isDefault: false });
    expect((await api("GET", "/api/me/notification-settings", { token })).body).toEqual(zone.body);
  });

  it.each([
    [{ topics: [{ topic: "weather", delivery: "bell" }] }, "topic must be one of decisions, replies, comments, account, following."],
    [{ topics: [{ topic: "replies", delivery: "pigeon" }] }, "delivery must be one of immediate, digest, bell."],
    [{ topics: [{ topic: "replies", delivery: "bell" }, { topic: "replies", delivery: "digest" }] }, "Each topic at most once."],
    [{ digest: { timeZone: "Mars/Olympus_Mons" } }, "timeZone: not a time zone the archive knows; use a name such as Europe/Berlin."],
    [{ digest: { hour: 24 } }, "hour must be a whole number from 0 to 23."],
    [{ digest: { hour: 7.5 } }, "hour must be a whole number from 0 to 23."],
    [{}, "Send topics or digest to change."],
  ] as [Record<string, unknown>, string][])("refuses %j with a message, changing nothing", async (body, message) => {
    const member = await createMember();
    // A good topic beside the bad part: it must not be saved either.
    const json = "digest" in body ? { ...body, topics: [{ topic: "comments", delivery: "bell" }] } : body;
    const res = await api("PUT", "/api/me/notification-settings", { token: member.token, json });
    expect([res.status, res.body.error]).toEqual([400, message]);
    expect((await api("GET", "/api/me/notification-settings", { token: member.token })).body).toEqual(defaults);
  });

  it("asks visitors to sign in", async () => {
    expect((await api("GET", "/api/me/notification-settings")).status).toBe(401);
    expect((await api("PUT", "/api/me/notification-settings", { json: { digest: { hour: 3 } } })).status).toBe(401);
  });
});

describe("the new kinds in GET /api/notifications", () => {
  it("carries a suspension (no post, its reason and until when), its lifting, a followed tag and a followed post's comment", async () => {
    const [member, author] = await Promise.all([createMember(), createMember({ lastName: "poster" })]);
    const postId = await createPost(author, { title: "Ferry timetable", tags: ["ferries"] });
    const commentId = await createComment(author, postId);
    await sql`
      insert into public.notifications (recipient_id, kind, post_id, post_title, comment_id, actor_id, tag, reason, suspended_until) values
        (${member.id}, 'member_suspended', null, null, null, null, null, 'Spam', 'infinity'),
        (${member.id}, 'member_unsuspended', null, null, null, null, null, null, null),
        (${member.id}, 'followed_tag_post', ${postId}, 'Ferry timetable', null, ${author.id}, 'ferries', null, null),
        (${member.id}, 'followed_post_comment', ${postId}, 'Ferry timetable', ${commentId}, ${author.id}, null, null, null)`;
    const res = await api("GET", "/api/notifications", { token: member.token });
    expect(res.status).toBe(200);
    const byKind = Object.fromEntries(res.body.notifications.map((n: { kind: string }) => [n.kind, n]));
    expect(byKind.member_suspended).toMatchObject({ post_id: null, post_title: null, reason: "Spam", suspended_until: "infinity", tag: null });
    expect(byKind.member_unsuspended).toMatchObject({ post_id: null, post_title: null, suspended_until: null });
    expect(byKind.followed_tag_post).toMatchObject({ post_id: postId, tag: "ferries", actor_name: "Test poster" });
    expect(byKind.followed_post_comment).toMatchObject({ post_id: postId, comment_id: commentId, actor_name: "Test poster" });
  });
});
