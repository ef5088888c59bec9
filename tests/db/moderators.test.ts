/**
 * Moderators in the database, beyond the permission table: they review and
 * edit what awaits review but not what is published, write without the
 * members' cooldowns (their own posts still await review), suspend for at
 * most 30 days and lift or replace only such suspensions, cannot be
 * suspended, and read the suggestion box without the senders' addresses.
 * The moderator role's edges: no review of one's own work, nothing moderated past the
 * logging functions, nothing read of what an admin hid, nothing done while
 * suspended.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
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
      .toEqual({ code: "PT403", message: "Only admins edit published posts. Please suggest an edit instead." });
    expect(await pgError(asCaller(moderator, (tx) => tx`select private.delete_post(${published})`)))
      .toEqual({ code: "PT403", message: "You can only change your own posts." });
    expect((await sql`select title from public.posts where id = ${published}`)[0].title).toBe("Published");

    // Nor a rejected one, which its author cannot change either.
    const rejected = await createPost(author, { status: "rejected", title: "Rejected" });
    expect(await pgError(asCaller(moderator, (tx) => tx`select private.update_post(${rejected}, '{"title": "Changed"}', null, '[]')`)))
      .toEqual({ code: "PT409", message: "This post has already been reviewed." });
    expect((await sql`select title from public.posts where id = ${rejected}`)[0].title).toBe("Rejected");
  });

  it("reviews someone else's work only: their own posts and suggestions are neither in their queues nor theirs to decide", async () => {
    const own = await createPost(moderator, { status: "pending", title: "A moderator's own post" });
    const published = await createPost(author);
    const [suggestion] = await sql<{ id: string }[]>`
      insert into public.edit_suggestions (post_id, user_id, summary, changes)
      values (${published}, ${moderator.id}, 'Mine', ${sql.json({ title: "A moderator's own title" })}) returning id`;
    const queues = (caller: TestUser) => asCaller(caller, async (tx) => {
      const [{ posts }] = await tx`select private.pending_posts() as posts`;
      const [{ suggestions }] = await tx`select private.pending_edit_suggestions() as suggestions`;
      return {
        post: posts.posts.some((p: { id: number }) => p.id === own),
        suggestion: suggestions.suggestions.some((s: { id: number }) => s.id === Number(suggestion.id)),
      };
    });
    expect(await queues(moderator)).toEqual({ post: false, suggestion: false });
    expect(await queues(admin)).toEqual({ post: true, suggestion: true });
    for (const call of [`approve_post(${own})`, `reject_post(${own})`]) {
      expect(await pgError(asCaller(moderator, (tx) => tx.unsafe(`select private.${call}`))))
        .toEqual({ code: "PT403", message: "You cannot review your own post: another moderator or an admin will." });
    }
    for (const call of [`approve_edit_suggestion(${suggestion.id})`, `reject_edit_suggestion(${suggestion.id})`]) {
      expect(await pgError(asCaller(moderator, (tx) => tx.unsafe(`select private.${call}`))))
        .toEqual({ code: "PT403", message: "You cannot review your own suggestion: another moderator or an admin will." });
    }
    expect((await sql`select status::text from public.posts where id = ${own}`)[0].status).toBe("pending");
    expect((await sql`select title from public.posts where id = ${published}`)[0].title).toBe("A test post");
    // An admin, who could have made the edit directly, may apply their own suggestion.
    const [adminSuggestion] = await sql<{ id: string }[]>`
      insert into public.edit_suggestions (post_id, user_id, summary, changes)
      values (${published}, ${admin.id}, 'Mine', ${sql.json({ title: "An admin's own title" })}) returning id`;
    await asCaller(admin, (tx) => tx`select private.approve_edit_suggestion(${adminSuggestion.id})`, { commit: true });
    expect((await sql`select title from public.posts where id = ${published}`)[0].title).toBe("An admin's own title");
  });

  it("changes no post directly: status, flags and deletions leave the table untouched and nothing unlogged", async () => {
    const pending = await createPost(author, { status: "pending" });
    await sql`insert into public.post_media (post_id, object_path, media_type) values (${pending}, 'kept-by-a-direct-write.png', 'image')`;
    const comment = await createComment(author, await createPost(author));
    for (const statement of [
      `update public.posts set is_important = true where id = ${pending}`,
      `update public.posts set is_pinned = true where id = ${pending}`,
      `update public.posts set status = 'rejected' where id = ${pending}`,
      `delete from public.comments where id = ${comment}`,
    ]) {
      expect(await pgError(asCaller(moderator, (tx) => tx.unsafe(statement))), statement).toMatchObject({ code: "42501" });
    }
    expect(await sql`select status::text, is_important, is_pinned from public.posts where id = ${pending}`)
      .toEqual([{ status: "pending", is_important: false, is_pinned: false }]);
    expect(await sql`select id from public.comments where id = ${comment}`).toHaveLength(1);
  });

  it("moderates nothing while suspended, and accepting an invitation does not lift a suspension", async () => {
    const invitee = await createMember();
    await sql`insert into public.invitations (email, user_id, role, invited_by) values (${invitee.email}, ${invitee.id}, 'moderator', ${admin.id})`;
    await sql`update public.profiles set suspended_until = now() + interval '3 days', suspension_reason = 'Spam' where id = ${invitee.id}`;
    expect(await pgError(asCaller(invitee, (tx) => tx`select private.accept_invitation('Ina', 'Vite', true)`))).toEqual({
      code: "PT409",
      message: "Your account is suspended: an admin must lift the suspension before you can join the team.",
    });
    expect(await sql`select role from public.user_roles where user_id = ${invitee.id}`).toHaveLength(0);

    // A role held while suspended (the role table is not the only way in) gives no power.
    await sql`insert into public.user_roles (user_id, role) values (${invitee.id}, 'moderator')`;
    const pending = await createPost(author, { status: "pending" });
    expect(await pgError(asCaller(invitee, (tx) => tx`select private.pending_posts()`)))
      .toEqual({ code: "PT403", message: "Moderator access required." });
    expect(await pgError(asCaller(invitee, (tx) => tx`select private.reject_post(${pending})`)))
      .toEqual({ code: "PT403", message: "Moderator access required." });
    expect(await asCaller(invitee, (tx) => tx`select id from public.posts where id = ${pending}`)).toHaveLength(0);
    expect((await sql`select status::text from public.posts where id = ${pending}`)[0].status).toBe("pending");
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

  it("cannot shorten an admin's long suspension by suspending again, but may replace a short one", async () => {
    const member = await createMember();
    const suspendedUntil = async () => (await sql`select suspended_until::text as until from public.profiles where id = ${member.id}`)[0].until;
    for (const until of [null, daysFromNow(60)]) {
      await suspend(member, admin, until);
      const before = await suspendedUntil();
      expect(await pgError(suspend(member, moderator, new Date(Date.now() + 60_000).toISOString())))
        .toEqual({ code: "PT403", message: "Only an admin can change a suspension longer than 30 days." });
      expect(await suspendedUntil()).toBe(before);
    }
    await suspend(member, admin, daysFromNow(10));
    const [replaced] = await suspend(member, moderator, daysFromNow(2));
    expect(new Date(replaced.until).getTime()).toBeLessThan(Date.now() + 3 * 24 * 3600 * 1000);
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
