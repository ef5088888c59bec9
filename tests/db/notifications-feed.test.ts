/**
 * Members' notifications (supabase/migrations/…_notifications.sql): each event
 * writes exactly one row for the person it concerns, in the event's own
 * transaction, never for the one who acted; a member reads and marks only
 * their own. (The read cache's change notifications: notifications.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { sql, type Tx } from "../support/database.ts";
import { createComment, createEditSuggestion, createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, pgError } from "../support/callers.ts";

interface Row {
  recipient_id: string;
  kind: string;
  post_id: number;
  comment_id: number | null;
  actor_id: string | null;
  post_title: string;
  reason: string | null;
  read_at: Date | null;
}

/**
 * Every notification about a post written with its event, whoever it is for.
 * What followers hear of is written later by the jobs, at any moment while
 * these tests run (tests/db/email-outbox.test.ts), so it is left out here.
 */
async function notificationsAbout(postId: number): Promise<Row[]> {
  return sql<Row[]>`
    select recipient_id, kind, post_id::int, comment_id::int, actor_id, post_title, reason, read_at
    from public.notifications where post_id = ${postId} and kind not like 'followed\_%' order by id`;
}

const commit = { commit: true };

/** A post by one member with a comment by another, written by the owner. */
async function commentedPost() {
  const [author, commenter] = await Promise.all([createMember(), createMember()]);
  const postId = await createPost(author);
  return { author, commenter, postId, commentId: await createComment(commenter, postId) };
}

/** Acts as an admin made for the purpose, committed: a notification lasts only if its event does. */
const asNewAdmin = async (work: (tx: Tx) => Promise<unknown>) => asCaller(await createAdmin(), work, commit);

describe("a post reviewed", () => {
  it("published: one notification for its author, with the title", async () => {
    const author = await createMember();
    const postId = await createPost(author, { title: "The harbour in 1950", status: "pending" });
    await asNewAdmin((tx) => tx`select private.approve_post(${postId})`);
    expect(await notificationsAbout(postId)).toEqual([
      expect.objectContaining({ recipient_id: author.id, kind: "post_published", post_title: "The harbour in 1950", reason: null, read_at: null }),
    ]);
  });

  it("not accepted: one notification for its author, without a reason when none was given", async () => {
    const author = await createMember();
    const postId = await createPost(author, { title: "A rejected draft", status: "pending" });
    await asNewAdmin((tx) => tx`select private.reject_post(${postId})`);
    expect(await notificationsAbout(postId)).toEqual([
      expect.objectContaining({ recipient_id: author.id, kind: "post_rejected", post_title: "A rejected draft", reason: null }),
    ]);
  });

  it("not accepted with a reason: the reason is in the notification", async () => {
    const author = await createMember();
    const postId = await createPost(author, { status: "pending" });
    const rows = await rolledBack(async (tx) => {
      await tx`update public.posts set status = 'rejected', rejection_reason = 'Not about the subject.' where id = ${postId}`;
      return tx`select kind, reason from public.notifications where post_id = ${postId}`;
    });
    expect(rows).toEqual([{ kind: "post_rejected", reason: "Not about the subject." }]);
  });

  it("by its own author (an admin's post): nobody is told", async () => {
    const admin = await createAdmin();
    const postId = await createPost(admin, { status: "pending" });
    await asCaller(admin, (tx) => tx`select private.approve_post(${postId})`, commit);
    expect(await notificationsAbout(postId)).toEqual([]);
  });
});

describe("an edit suggestion reviewed", () => {
  it("applied: one notification for whoever suggested it, not the post's author", async () => {
    const [author, suggester] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author, { title: "Before the edit" });
    const suggestion = await createEditSuggestion(suggester, postId);
    await asNewAdmin((tx) => tx`select private.approve_edit_suggestion(${suggestion})`);
    const [post] = await sql`select title from public.posts where id = ${postId}`;
    expect(await notificationsAbout(postId)).toEqual([
      expect.objectContaining({ recipient_id: suggester.id, kind: "edit_applied", post_title: post.title, reason: null }),
    ]);
  });

  it("rejected: one notification for whoever suggested it", async () => {
    const [author, suggester] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author, { title: "Left as it was" });
    const suggestion = await createEditSuggestion(suggester, postId);
    await asNewAdmin((tx) => tx`select private.reject_edit_suggestion(${suggestion})`);
    expect(await notificationsAbout(postId)).toEqual([
      expect.objectContaining({ recipient_id: suggester.id, kind: "edit_rejected", post_title: "Left as it was", reason: null }),
    ]);
  });

  it("rejected with a reason: the reason is in the notification", async () => {
    const [author, suggester] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author);
    const suggestion = await createEditSuggestion(suggester, postId);
    const rows = await rolledBack(async (tx) => {
      await tx`update public.edit_suggestions set status = 'rejected', rejection_reason = '  The date is right.  ' where id = ${suggestion}`;
      return tx`select kind, reason from public.notifications where post_id = ${postId}`;
    });
    expect(rows).toEqual([{ kind: "edit_rejected", reason: "The date is right." }]);
  });
});

describe("a comment", () => {
  it("on a post: one notification for the post's author, naming who commented", async () => {
    const [author, commenter] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author, { title: "Old photographs" });
    const [comment] = await asCaller(commenter, (tx) =>
      tx<{ id: string }[]>`insert into public.comments (post_id, content) values (${postId}, 'Lovely.') returning id`, commit);
    expect(await notificationsAbout(postId)).toEqual([
      expect.objectContaining({
        recipient_id: author.id, kind: "post_comment", comment_id: Number(comment.id), actor_id: commenter.id, post_title: "Old photographs",
      }),
    ]);
  });

  it("a reply: one notification for the author of the comment it answers, none for the post's author", async () => {
    const [author, commenter, replier] = await Promise.all([createMember(), createMember(), createMember()]);
    const postId = await createPost(author);
    const parent = await createComment(commenter, postId);
    const before = (await notificationsAbout(postId)).length;
    const [reply] = await asCaller(replier, (tx) =>
      tx<{ id: string }[]>`insert into public.comments (post_id, parent_id, content) values (${postId}, ${parent}, 'Agreed.') returning id`,
      commit);
    const added = (await notificationsAbout(postId)).slice(before);
    expect(added).toEqual([
      expect.objectContaining({ recipient_id: commenter.id, kind: "comment_reply", comment_id: Number(reply.id), actor_id: replier.id }),
    ]);
  });

  it("a reply to a reply: the author of the reply answered is told, not the thread's first commenter", async () => {
    const [author, commenter, replier, second] = await Promise.all([createMember(), createMember(), createMember(), createMember()]);
    const postId = await createPost(author);
    const top = await createComment(commenter, postId);
    const [first] = await asCaller(replier, (tx) =>
      tx<{ id: string }[]>`insert into public.comments (post_id, parent_id, content) values (${postId}, ${top}, 'First reply.') returning id`,
      commit);
    const before = (await notificationsAbout(postId)).length;
    const [answer] = await asCaller(second, (tx) =>
      tx<{ id: string; parent_id: string }[]>`
        insert into public.comments (post_id, parent_id, content) values (${postId}, ${first.id}, 'Answering the reply.') returning id, parent_id`,
      commit);
    // Still one level deep on the page: attached to the thread's top comment.
    expect(Number(answer.parent_id)).toBe(Number(top));
    expect((await notificationsAbout(postId)).slice(before)).toEqual([
      expect.objectContaining({ recipient_id: replier.id, kind: "comment_reply", comment_id: Number(answer.id), actor_id: second.id }),
    ]);
  });

  it("on one's own post, or a reply to one's own comment: nobody is told", async () => {
    const author = await createMember();
    const postId = await createPost(author);
    const own = await createComment(author, postId);
    await createComment(author, postId, { parentId: own });
    expect(await notificationsAbout(postId)).toEqual([]);
  });

  it("by an account deleted since: the notification stays, without a name", async () => {
    const { author, commenter, postId } = await commentedPost();
    await sql`delete from auth.users where id = ${commenter.id}`;
    expect(await notificationsAbout(postId)).toEqual([expect.objectContaining({ recipient_id: author.id, actor_id: null })]);
  });

  it("deleted: its notification goes with it", async () => {
    const { postId, commentId } = await commentedPost();
    await asNewAdmin((tx) => tx`select private.delete_comment(${commentId})`);
    expect(await notificationsAbout(postId)).toEqual([]);
  });
});

describe("in the event's transaction", () => {
  it("a rolled-back approval or comment leaves no notification", async () => {
    const [author, admin, commenter] = await Promise.all([createMember(), createAdmin(), createMember()]);
    const pending = await createPost(author, { status: "pending" });
    const approved = await createPost(author);
    const inside = await asCaller(admin, async (tx) => {
      await tx`select private.approve_post(${pending})`;
      // Back to the owner, who sees every row: the notification is there until the rollback.
      await tx`reset role`;
      return tx`select 1 from public.notifications where post_id = ${pending}`;
    });
    expect(inside).toHaveLength(1);
    await asCaller(commenter, (tx) => tx`insert into public.comments (post_id, content) values (${approved}, 'Hello')`);
    expect(await notificationsAbout(pending)).toEqual([]);
    expect(await notificationsAbout(approved)).toEqual([]);
  });

  it("an account deleted takes its notifications with it", async () => {
    const { author } = await commentedPost();
    await sql`delete from auth.users where id = ${author.id}`;
    expect(await sql`select 1 from public.notifications where recipient_id = ${author.id}`).toEqual([]);
  });
});

describe("only one's own", () => {
  /** A member with one unread notification (a comment on their post), and its id. */
  async function notifiedMember(): Promise<{ member: TestUser; id: number }> {
    const [member, commenter] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(member);
    await createComment(commenter, postId);
    const [row] = await sql<{ id: string }[]>`select id from public.notifications where recipient_id = ${member.id}`;
    return { member, id: Number(row.id) };
  }

  it("a member reads their own and nobody else's; a visitor reads none", async () => {
    const [mine, theirs] = await Promise.all([notifiedMember(), notifiedMember()]);
    const seen = await asCaller(mine.member, (tx) => tx`select id::int from public.notifications where id in (${mine.id}, ${theirs.id})`);
    expect(seen).toEqual([{ id: mine.id }]);
    // Visitors hold no privilege on the table at all.
    expect((await pgError(asCaller(null, (tx) => tx`select id from public.notifications`))).code).toBe("42501");
  });

  it("nobody writes them directly, not even their recipient: no insert, update or delete", async () => {
    const { member, id } = await notifiedMember();
    const postId = (await sql`select post_id::int from public.notifications where id = ${id}`)[0].post_id;
    const insert = asCaller(member, (tx) =>
      tx`insert into public.notifications (recipient_id, kind, post_id, post_title) values (${member.id}, 'post_published', ${postId}, 'Fake')`);
    expect((await pgError(insert)).code).toBe("42501");
    // Members hold only select on the table (private.mark_notifications_read marks them read).
    const update = asCaller(member, (tx) => tx`update public.notifications set read_at = now() where id = ${id} returning id`, commit);
    expect((await pgError(update)).code).toBe("42501");
    const remove = asCaller(member, (tx) => tx`delete from public.notifications where id = ${id} returning id`, commit);
    expect((await pgError(remove)).code).toBe("42501");
    expect(await sql`select read_at from public.notifications where id = ${id}`).toEqual([{ read_at: null }]);
  });

  it("marking read: all of one's own, or the ones named; another's stay unread", async () => {
    const [mine, theirs] = await Promise.all([notifiedMember(), notifiedMember()]);
    const [second] = await sql<{ id: string }[]>`
      insert into public.notifications (recipient_id, kind, post_id, post_title)
      select recipient_id, 'post_published', post_id, post_title from public.notifications where id = ${mine.id} returning id`;

    const named = await asCaller(mine.member, (tx) =>
      tx`select private.mark_notifications_read(${[mine.id, theirs.id]}::bigint[]) as unread`, commit);
    expect(named).toEqual([{ unread: 1 }]);
    const readAt = async (id: number | string) => (await sql`select read_at from public.notifications where id = ${id}`)[0].read_at;
    expect(await readAt(mine.id)).toBeInstanceOf(Date);
    expect(await readAt(second.id)).toBeNull();
    expect(await readAt(theirs.id)).toBeNull();

    const all = await asCaller(mine.member, (tx) => tx`select private.mark_notifications_read() as unread`, commit);
    expect(all).toEqual([{ unread: 0 }]);
    expect(await readAt(second.id)).toBeInstanceOf(Date);
    expect(await readAt(theirs.id)).toBeNull();
  });

  it("marking read needs a signed-in user", async () => {
    expect((await pgError(asCaller(null, (tx) => tx`select private.mark_notifications_read()`))).code).toMatch(/^(PT401|42501)$/);
  });
});

/** Runs `work` as the database owner in a transaction that is rolled back. */
async function rolledBack<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const rollback = Symbol("rollback");
  let result: T | undefined;
  await sql.begin(async (tx) => {
    result = await work(tx);
    throw rollback;
  }).catch((error) => {
    if (error !== rollback) throw error;
  });
  return result as T;
}
