/**
 * Suspensions in the database: only moderators (tests/db/moderators.test.ts)
 * and admins suspend and lift, admins cannot be suspended, and a suspended member reads but every write is refused with a
 * message that says until when (private.require_adult_member), directly
 * through PostgREST as much as through the API.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type Tx } from "../support/database.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, pgError } from "../support/callers.ts";

let admin: TestUser;
let author: TestUser;
let postId: number;
let commentId: number;

beforeAll(async () => {
  [admin, author] = await Promise.all([createAdmin(), createMember()]);
  postId = await createPost(author);
  commentId = await createComment(author, postId);
});

const suspend = (who: TestUser, until: string | null, reason = "Repeated spam in the comments.") =>
  asCaller(admin, (tx) => tx`select private.suspend_user(${who.id}, ${until}::text::timestamptz, ${reason})::text as until`, { commit: true });

/** Every kind of write a member makes, each as PostgREST or the API would run it. */
const writes: Record<string, (tx: Tx) => Promise<unknown>> = {
  post: (tx) => tx`select private.create_post(${tx.json({ title: "T", excerpt: "E", content: "C" })})`,
  comment: (tx) => tx`insert into public.comments (post_id, content) values (${postId}, 'Hello')`,
  "post vote": (tx) => tx`select private.cast_post_vote(${postId}, 'up')`,
  "comment vote": (tx) => tx`select private.cast_comment_vote(${commentId}, 'up')`,
  "edit suggestion": (tx) =>
    tx`insert into public.edit_suggestions (post_id, summary, changes) values (${postId}, 'Better', '{"title": "A better title"}')`,
  "general suggestion": (tx) => tx`insert into public.suggestions (suggestion) values ('More photos')`,
  report: (tx) => tx`insert into public.reports (post_id, reason) values (${postId}, 'spam')`,
};

describe("a member suspended for a period", () => {
  let member: TestUser;
  beforeAll(async () => {
    member = await createMember();
    await suspend(member, "2036-11-30T12:00:00Z");
  });

  it.each(Object.keys(writes))("cannot write: %s", async (kind) => {
    expect(await pgError(asCaller(member, writes[kind]))).toEqual({
      code: "PT403",
      message: "Your account is suspended until 30 November 2036: Repeated spam in the comments.",
    });
  });

  it("still reads posts and comments", async () => {
    expect(await asCaller(member, (tx) => tx`select id from public.posts where id = ${postId}`)).toHaveLength(1);
    expect(await asCaller(member, (tx) => tx`select id from public.comments where id = ${commentId}`)).toHaveLength(1);
  });

  it("cannot read or lift their own suspension", async () => {
    expect((await pgError(asCaller(member, (tx) => tx`select suspended_until from public.profiles where id = ${member.id}`))).code).toBe("42501");
    expect((await pgError(asCaller(member, (tx) => tx`update public.profiles set display_name = 'x' where id = ${member.id} returning id`))).code)
      .toBe("42501");
    expect(await pgError(asCaller(member, (tx) => tx`select private.unsuspend_user(${member.id})`))).toEqual({
      code: "PT403",
      message: "Moderator access required.",
    });
  });

  it("writes again once an admin lifts it, which is logged", async () => {
    const other = await createMember();
    await suspend(other, "2036-01-01T00:00:00Z");
    await asCaller(admin, (tx) => tx`select private.unsuspend_user(${other.id})`, { commit: true });
    expect(await asCaller(other, (tx) => tx`insert into public.suggestions (suggestion) values ('Thanks') returning id`)).toHaveLength(1);
    const [log] = await sql`select actor_id, details from public.moderation_log where action = 'unsuspend_user' and details ->> 'user_id' = ${other.id}`;
    expect(log.actor_id).toBe(admin.id);
    expect(await pgError(asCaller(admin, (tx) => tx`select private.unsuspend_user(${other.id})`))).toEqual({
      code: "PT409",
      message: "This member is not suspended.",
    });
  });
});

describe("suspending", () => {
  it("for good: the message has no date; the log has the member, the end and the reason", async () => {
    const member = await createMember({ lastName: "Banned" });
    const [row] = await suspend(member, null, "Threats against another member");
    expect(row.until).toBe("infinity");
    expect(await pgError(asCaller(member, writes.comment))).toEqual({
      code: "PT403",
      message: "Your account is suspended: Threats against another member.",
    });
    const [log] = await sql`select actor_id, details from public.moderation_log where action = 'suspend_user' and details ->> 'user_id' = ${member.id}`;
    expect(log).toEqual({
      actor_id: admin.id,
      details: { user_id: member.id, user_name: "Test Banned", until: null, reason: "Threats against another member" },
    });
  });

  it("a suspension that has ended no longer stops the member", async () => {
    const member = await createMember();
    await sql`update public.profiles set suspended_until = now() - interval '1 minute', suspension_reason = 'Old' where id = ${member.id}`;
    expect(await asCaller(member, (tx) => tx`insert into public.suggestions (suggestion) values ('Back') returning id`)).toHaveLength(1);
  });

  it("needs a reason and an end in the future", async () => {
    const member = await createMember();
    expect(await pgError(suspend(member, null, "   "))).toEqual({
      code: "PT400",
      message: "Please give the reason for the suspension; the member will see it.",
    });
    expect(await pgError(suspend(member, "2001-01-01T00:00:00Z"))).toEqual({ code: "PT400", message: "A suspension must end in the future." });
    expect(await pgError(suspend(member, null, "x".repeat(501)))).toEqual({
      code: "PT400",
      message: "The reason for a suspension can be at most 500 characters.",
    });
  });

  it("admins cannot be suspended", async () => {
    const other = await createAdmin();
    expect(await pgError(suspend(other, null))).toEqual({ code: "PT409", message: "Admins cannot be suspended." });
  });

  it("an unknown member is PT404", async () => {
    const ghost = { id: "00000000-0000-4000-8000-000000000000" } as TestUser;
    expect(await pgError(suspend(ghost, null))).toEqual({ code: "PT404", message: "Member not found." });
  });

  it("only moderators and admins suspend: members, the author and visitors are refused", async () => {
    const target = await createMember();
    for (const who of [target, author]) {
      expect(await pgError(asCaller(who, (tx) => tx`select private.suspend_user(${target.id}, null, 'No')`))).toEqual({
        code: "PT403",
        message: "Moderator access required.",
      });
    }
    expect((await pgError(asCaller(null, (tx) => tx`select private.suspend_user(${target.id}, null, 'No')`))).code).toMatch(/^(PT401|42501)$/);
    const [profile] = await sql`select suspended_until from public.profiles where id = ${target.id}`;
    expect(profile.suspended_until).toBeNull();
  });
});

describe("what a member and an admin learn of a suspension before any write", () => {
  it("a member reads their own standing: until when and why, or none; nobody else's", async () => {
    const [suspended, forGood, free, unconfirmed] = await Promise.all([
      createMember(), createMember(), createMember(), createMember({ adultConfirmed: false }),
    ]);
    await suspend(suspended, "2036-11-30T12:00:00Z");
    await suspend(forGood, null, "Threats.");
    const standing = async (who: TestUser) => (await asCaller(who, (tx) => tx`select private.my_standing() as s`))[0].s;
    expect(await standing(suspended)).toEqual({
      adult_confirmed: true,
      suspension: { until: "2036-11-30T12:00:00+00:00", reason: "Repeated spam in the comments." },
    });
    expect(await standing(forGood)).toEqual({ adult_confirmed: true, suspension: { until: null, reason: "Threats." } });
    expect(await standing(free)).toEqual({ adult_confirmed: true, suspension: null });
    expect(await standing(unconfirmed)).toEqual({ adult_confirmed: false, suspension: null });
    expect((await pgError(asCaller(null, (tx) => tx`select private.my_standing()`))).code).toMatch(/^(PT401|42501)$/);
  });

  it("an admin reads which authors of a post and its comments are suspended; nobody else does", async () => {
    const [postAuthor, commenter, quiet] = await Promise.all([createMember(), createMember(), createMember()]);
    const thread = await createPost(postAuthor);
    const suspendedComment = await createComment(commenter, thread);
    await createComment(quiet, thread);
    await suspend(postAuthor, "2036-11-30T12:00:00Z", "Spam.");
    await suspend(commenter, null, "Threats.");
    const rows = await asCaller(admin, (tx) =>
      tx`select kind, item_id::int, author_id, suspended_until::text, suspension_reason from private.suspended_authors(${thread}) order by kind desc`);
    expect(rows).toEqual([
      { kind: "post", item_id: thread, author_id: postAuthor.id, suspended_until: "2036-11-30 12:00:00+00", suspension_reason: "Spam." },
      { kind: "comment", item_id: suspendedComment, author_id: commenter.id, suspended_until: "infinity", suspension_reason: "Threats." },
    ]);
    expect(await pgError(asCaller(quiet, (tx) => tx`select * from private.suspended_authors(${thread})`)))
      .toEqual({ code: "PT403", message: "Moderator access required." });
  });
});
