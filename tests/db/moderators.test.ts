/**
 * Moderators in the database, beyond the permission table: they review and
 * edit what awaits review but not what is published, write without the
 * members' cooldowns (their own posts still await review), suspend for at
 * most 30 days and lift only such suspensions, cannot be suspended, and read
 * the suggestion box without the senders' addresses.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, createModerator, pgError } from "../support/callers.ts";
import { suggestionBox } from "../support/suggestion-box.ts";

let moderator: TestUser;
let admin: TestUser;
let author: TestUser;

beforeAll(async () => {
  [moderator, admin, author] = await Promise.all([
    createModerator({ firstName: "Mona", lastName: "Reviewer" }),
    createAdmin(),
    createMember(),
  ]);
});

const suspend = (who: TestUser, as: TestUser, until: string | null) =>
  asCaller(as, (tx) => tx`select private.suspend_user(${who.id}, ${until}::text::timestamptz, 'Spam in the comments')::text as until`, {
    commit: true,
  });

const daysFromNow = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString();

describe("a moderator reviewing", () => {
  it("approves a pending post, which is logged as theirs", async () => {
    const postId = await createPost(author, { status: "pending" });
    await asCaller(moderator, (tx) => tx`select private.approve_post(${postId})`, { commit: true });
    expect((await sql`select status from public.posts where id = ${postId}`)[0].status).toBe("approved");
    const [log] = await sql`select actor_id from public.moderation_log where action = 'approve_post' and post_id = ${postId}`;
    expect(log.actor_id).toBe(moderator.id);
  });

  it("edits a pending post, but not a published one", async () => {
    const pending = await createPost(author, { status: "pending", title: "Before review" });
    await asCaller(moderator, (tx) => tx`select private.update_post(${pending}, '{"title": "Tidied before review"}', null, '[]')`, { commit: true });
    expect((await sql`select title from public.posts where id = ${pending}`)[0].title).toBe("Tidied before review");

    const published = await createPost(author, { title: "Published" });
    expect(await pgError(asCaller(moderator, (tx) => tx`select private.update_post(${published}, '{"title": "Changed"}', null, '[]')`)))
      .toEqual({ code: "PT403", message: "You can only change your own posts." });
    expect(await pgError(asCaller(moderator, (tx) => tx`select private.delete_post(${published})`)))
      .toEqual({ code: "PT403", message: "You can only change your own posts." });
    expect((await sql`select title from public.posts where id = ${published}`)[0].title).toBe("Published");
  });
});

describe("a moderator writing", () => {
  it("has no posting or commenting cooldown, and their own posts await review", async () => {
    const writer = await createModerator();
    // As PostgREST would insert them, asking for what only admins get.
    const posts = await asCaller(writer, async (tx) => {
      const rows = [];
      for (const title of ["First", "Second"]) {
        rows.push(...await tx`
          insert into public.posts (author_id, title, excerpt, content, status, is_pinned)
          values (${writer.id}, ${title}, 'E', 'C', 'approved', true) returning status::text, is_pinned`);
      }
      return rows;
    });
    expect(posts).toEqual([{ status: "pending", is_pinned: false }, { status: "pending", is_pinned: false }]);

    const postId = await createPost(author);
    const comments = await asCaller(writer, async (tx) => {
      await tx`insert into public.comments (post_id, content) values (${postId}, 'One')`;
      await tx`insert into public.comments (post_id, content) values (${postId}, 'Two')`;
      return tx`select id from public.comments where post_id = ${postId} and author_id = ${writer.id}`;
    });
    expect(comments).toHaveLength(2);
  });

  it("a member's second comment within a minute is still refused", async () => {
    const member = await createMember();
    const postId = await createPost(author);
    const refused = asCaller(member, async (tx) => {
      await tx`insert into public.comments (post_id, content) values (${postId}, 'One')`;
      await tx`insert into public.comments (post_id, content) values (${postId}, 'Two')`;
    });
    expect(await pgError(refused)).toMatchObject({ message: "Please wait 1 minute before commenting again." });
  });
});

describe("a moderator suspending", () => {
  it("suspends for up to 30 days and lifts it, both logged", async () => {
    const member = await createMember();
    const [row] = await suspend(member, moderator, daysFromNow(30));
    expect(new Date(row.until).getTime()).toBeGreaterThan(Date.now());
    await asCaller(moderator, (tx) => tx`select private.unsuspend_user(${member.id})`, { commit: true });
    const logged = await sql`select action, actor_id from public.moderation_log
                             where details ->> 'user_id' = ${member.id} order by id`;
    expect(logged).toEqual([{ action: "suspend_user", actor_id: moderator.id }, { action: "unsuspend_user", actor_id: moderator.id }]);
  });

  it("cannot suspend for longer than 30 days or for good, which changes nothing", async () => {
    const member = await createMember();
    for (const until of [daysFromNow(31), null]) {
      expect(await pgError(suspend(member, moderator, until)))
        .toEqual({ code: "PT403", message: "Only an admin can suspend for longer than 30 days." });
    }
    expect((await sql`select suspended_until from public.profiles where id = ${member.id}`)[0].suspended_until).toBeNull();
  });

  it("cannot lift an admin's suspension for good", async () => {
    const member = await createMember();
    await suspend(member, admin, null);
    expect(await pgError(asCaller(moderator, (tx) => tx`select private.unsuspend_user(${member.id})`)))
      .toEqual({ code: "PT403", message: "Only an admin can lift a suspension longer than 30 days." });
    await asCaller(admin, (tx) => tx`select private.unsuspend_user(${member.id})`, { commit: true });
  });

  it("moderators cannot be suspended, not even by an admin", async () => {
    const other = await createModerator();
    expect(await pgError(suspend(other, admin, daysFromNow(3))))
      .toEqual({ code: "PT409", message: "Moderators cannot be suspended. An admin can make them a member first." });
  });
});

describe("the suggestion box for a moderator", () => {
  it("lists the suggestions with names but without addresses, which admins see", async () => {
    const sender = await createMember({ firstName: "Kit", lastName: "Sender" });
    const [sent] = await sql`insert into public.suggestions (user_id, suggestion) values (${sender.id}, 'A map of the tour') returning id`;
    const listed = async (caller: TestUser) => (await asCaller(caller, (tx) => suggestionBox(tx))).suggestions.find((s) => s.id === sent.id);
    expect(await listed(moderator)).toMatchObject({ userName: "Kit Sender", userEmail: null });
    expect(await listed(admin)).toMatchObject({ userEmail: sender.email });
  });
});
