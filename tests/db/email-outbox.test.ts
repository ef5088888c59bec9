/**
 * E-mail for notifications (supabase/migrations/…000720_email.sql): each
 * notification's delivery follows its member's preference; one for e-mail at
 * once joins its member's waiting e-mail, so a burst is one e-mail; drains
 * claim under leases with skip locked, so two never take one e-mail; failed
 * sends come back with backoff; digests come at the member's hour in their
 * time zone; followers hear of new posts and comments through the jobs'
 * fan-out; and an e-mail says nothing its member may no longer read.
 *
 * Other files' notifications share the outbox, and the stack's schedule
 * drains it every minute: these tests claim with short leases and assert only
 * about their own members' rows.
 */
import type postgres from "postgres";
import { describe, expect, it } from "vitest";
import { newPool, sql } from "../support/database.ts";
import { createComment, createEditSuggestion, createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember } from "../support/callers.ts";

interface OutboxRow {
  id: number;
  batch: string;
  status: string;
  attempts: number;
  due_in_seconds: number;
}

const outboxOf = (member: TestUser) =>
  sql<OutboxRow[]>`select id::int, batch, status, attempts, extract(epoch from send_after - now())::int as due_in_seconds
                   from private.email_outbox where recipient_id = ${member.id} order by id`;

const notificationsOf = (member: TestUser) =>
  sql<{ id: number; kind: string; delivery: string; email_id: number | null; post_id: number | null; tag: string | null }[]>`
    select id::int, kind, delivery, email_id::int, post_id::int, tag from public.notifications where recipient_id = ${member.id} order by id`;

/**
 * Makes `member`'s waiting or retrying e-mails due before any other (as the
 * end of their wait would) and claims exactly them for `worker`, in one
 * transaction, so no other drain (the stack's schedule, the API tests') takes
 * them in between; then they are due as of now again, like any claimed e-mail.
 */
async function claimDue(member: TestUser, worker: string, leaseSeconds = 60): Promise<number[]> {
  return await sql.begin(async (tx) => {
    const due = await tx`update private.email_outbox set send_after = '-infinity'
                         where recipient_id = ${member.id} and status in ('waiting', 'retrying') returning id`;
    if (!due.length) return [];
    const claimed = (await tx<{ id: number }[]>`select id::int from private.claim_emails(${worker}, ${due.length}, ${leaseSeconds})`)
      .map((row) => row.id);
    await tx`update private.email_outbox set send_after = now() where id = any(${claimed}::bigint[])`;
    return claimed.sort((a, b) => a - b);
  });
}

const contents = async (outboxId: number) =>
  (await sql<{ contents: { to: string; items: { kind: string; postId: number | null }[] } | null }[]>`
    select private.email_contents(${outboxId}) as contents`)[0].contents;

/** A reply to `member`'s comment by someone else: a comment_reply notification. */
async function replyTo(member: TestUser, postId?: number): Promise<void> {
  const replier = await createMember();
  const post = postId ?? (await createPost(await createMember()));
  const parentId = await createComment(member, post);
  await createComment(replier, post, { parentId });
}

describe("delivery", () => {
  it("follows the member's preference per topic, with defaults: replies at once, follows in the digest", async () => {
    const member = await createMember();
    await replyTo(member);
    await sql`insert into public.notification_preferences (member_id, topic, delivery) values (${member.id}, 'decisions', 'bell')`;
    const postId = await createPost(member, { status: "pending" });
    await sql`update public.posts set status = 'approved' where id = ${postId}`;
    await sql`insert into public.notifications (recipient_id, kind, post_id, post_title) values (${member.id}, 'followed_author_post', ${postId}, 'x')`;
    expect((await notificationsOf(member)).map((n) => [n.kind, n.delivery])).toEqual([
      ["comment_reply", "immediate"],
      ["post_published", "bell"],
      ["followed_author_post", "digest"],
    ]);
  });

  it("an e-mail at once waits for the burst window, and a burst of 50 replies is one e-mail telling all 50", async () => {
    const member = await createMember();
    const postId = await createPost(await createMember());
    const parentId = await createComment(member, postId);
    const repliers = await Promise.all(Array.from({ length: 5 }, () => createMember()));
    for (let i = 0; i < 50; i += 1) await createComment(repliers[i % 5], postId, { parentId, content: `Reply ${i}` });
    const [waiting, ...more] = await outboxOf(member);
    expect(more).toEqual([]);
    expect(waiting).toMatchObject({ batch: "immediate", status: "waiting" });
    expect(waiting.due_in_seconds).toBeGreaterThan(60);
    expect(await claimDue(member, crypto.randomUUID())).toEqual([waiting.id]);
    const said = await contents(waiting.id);
    expect(said?.items).toHaveLength(50);
    expect(new Set(said?.items.map((item) => item.kind))).toEqual(new Set(["comment_reply"]));
  });

  it("a notification after the claim waits for the next e-mail, never lost and never in the one being sent", async () => {
    const member = await createMember();
    await replyTo(member);
    const [first] = await claimDue(member, crypto.randomUUID());
    await replyTo(member);
    const rows = await outboxOf(member);
    expect(rows.map((row) => row.status)).toEqual(["sending", "waiting"]);
    expect((await contents(first))?.items).toHaveLength(1);
    // Joining a waiting e-mail does not put it off.
    await replyTo(member);
    const [, next, ...none] = await outboxOf(member);
    expect(none).toEqual([]);
    expect(next.due_in_seconds).toBeLessThanOrEqual(120);
  });

  it("the next e-mail at once waits ten minutes after the last one sent", async () => {
    const member = await createMember();
    await replyTo(member);
    const [first] = await claimDue(member, "drain-gap");
    await sql`select private.finish_email(${first}, 'drain-gap', 'sent', 'id-1')`;
    await replyTo(member);
    const [, next] = await outboxOf(member);
    expect(next.due_in_seconds).toBeGreaterThan(590);
  });
});

describe("draining", () => {
  it("two drains at once never claim the same e-mail", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember()));
    for (const member of members) await replyTo(member);
    // Due before any other e-mail, so each claim of 3 takes these first (others' drains may take some too).
    const ids = (await sql<{ id: number }[]>`update private.email_outbox set send_after = '-infinity'
                   where recipient_id in ${sql(members.map((m) => m.id))} and status = 'waiting' returning id::int`).map((r) => r.id);
    expect(ids).toHaveLength(6);
    const [one, two] = [newPool(1), newPool(1)];
    try {
      const claim = (client: postgres.Sql, worker: string) =>
        client<{ id: number }[]>`select id::int from private.claim_emails(${worker}, 3, 60)`.then((rows) => rows.map((r) => r.id));
      // Each pool has one connection: the two drains' claims interleave, each drain's run one after the other.
      const [a1, b1, a2, b2] = await Promise.all([claim(one, "drain-a"), claim(two, "drain-b"), claim(one, "drain-a"), claim(two, "drain-b")]);
      const [a, b] = [[...a1, ...a2], [...b1, ...b2]];
      expect(a.filter((id) => b.includes(id))).toEqual([]);
      const ours = (await sql<{ id: number; leased_by: string }[]>`
        select id::int, leased_by from private.email_outbox where recipient_id in ${sql(members.map((m) => m.id))}`);
      for (const row of ours) {
        if (a.includes(row.id)) expect(row.leased_by).toBe("drain-a");
        if (b.includes(row.id)) expect(row.leased_by).toBe("drain-b");
      }
      expect([...a, ...b].filter((id) => ids.includes(id)).length).toBeGreaterThan(0);
    } finally {
      await sql`update private.email_outbox set send_after = now() where id = any(${ids}::bigint[])`;
      await Promise.all([one.end(), two.end()]);
    }
  });

  it("a failed send comes back after 1, then 2 minutes; an error sending cannot mend fails it for good; a drain whose lease passed changes nothing", async () => {
    const member = await createMember();
    await replyTo(member);
    const [id] = await claimDue(member, "drain-1");
    expect((await sql`select private.retry_email(${id}, 'drain-1', 'HTTP 503', true) as outcome`)[0].outcome).toBe("retrying");
    let [row] = await outboxOf(member);
    expect(row).toMatchObject({ status: "retrying", attempts: 1 });
    expect(row.due_in_seconds).toBeGreaterThanOrEqual(58);
    expect(await claimDue(member, "drain-2")).toEqual([id]);
    await sql`select private.retry_email(${id}, 'drain-2', 'HTTP 429', true)`;
    [row] = await outboxOf(member);
    expect(row.due_in_seconds).toBeGreaterThanOrEqual(118);
    // The retry tells the same notifications (the same idempotency key), and a reply since then waits for its own e-mail.
    await replyTo(member);
    const again = await claimDue(member, "drain-3");
    expect(again).toContain(id);
    expect((await contents(id))?.items).toHaveLength(1);
    await sql`select private.finish_email(${id}, 'drain-2', 'sent', 'stale')`;
    expect((await outboxOf(member))[0].status).toBe("sending");
    expect((await sql`select private.retry_email(${id}, 'drain-3', 'HTTP 422 validation_error', false) as outcome`)[0].outcome).toBe("failed");
  });
});

describe("digests", () => {
  /** Queues digests at `at` and says whether one came for `member`; rolled back. */
  async function digestAt(member: TestUser, at: string): Promise<string | null> {
    let date: string | null = null;
    await sql.begin(async (tx) => {
      await tx`select private.enqueue_digests(${at}::timestamptz)`;
      const [row] = await tx<{ digest_date: string }[]>`
        select digest_date::text from private.email_outbox where recipient_id = ${member.id} and batch = 'digest'`;
      date = row?.digest_date ?? null;
      throw new Error("rollback");
    }).catch((error) => {
      if ((error as Error).message !== "rollback") throw error;
    });
    return date;
  }

  it("comes once a day at the member's hour in their time zone, with what came before it", async () => {
    const member = await createMember();
    await sql`insert into public.digest_settings (member_id, time_zone, digest_hour) values (${member.id}, 'Pacific/Auckland', 7)`;
    const postId = await createPost(await createMember());
    await sql`insert into public.notifications (recipient_id, kind, post_id, post_title, created_at)
              values (${member.id}, 'followed_author_post', ${postId}, 'x', '2030-03-01T12:00:00Z')`;
    // 06:59 and 07:00 in Auckland (UTC+13 in March).
    expect(await digestAt(member, "2030-03-01T17:59:00Z")).toBeNull();
    expect(await digestAt(member, "2030-03-01T18:00:00Z")).toBe("2030-03-02");
    // News after the day's hour waits for the next day.
    expect(await digestAt(member, "2030-03-01T10:00:00Z")).toBeNull();
  });

  it("without settings: 08:00 UTC; nothing to tell, no digest", async () => {
    const [member, quiet] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(await createMember());
    await sql`insert into public.notifications (recipient_id, kind, post_id, post_title, created_at)
              values (${member.id}, 'followed_author_post', ${postId}, 'x', '2030-03-01T06:00:00Z')`;
    expect(await digestAt(member, "2030-03-01T07:59:00Z")).toBeNull();
    expect(await digestAt(member, "2030-03-01T08:00:00Z")).toBe("2030-03-01");
    expect(await digestAt(quiet, "2030-03-01T08:00:00Z")).toBeNull();
  });
});

describe("followers, through the jobs' fan-out", () => {
  const fanOut = () => sql`select private.fan_out_notification_events(1000)`;

  it("a new post: followers of its author or of one of its tags get one notification each, once it is published; its author none; nobody of what came before they followed", async () => {
    const [author, byAuthor, byTag, byBoth, unrelated] = await Promise.all(Array.from({ length: 5 }, () => createMember()));
    const tag = `tag-${crypto.randomUUID().slice(0, 8)}`;
    await createPost(author); // a public page to follow
    await sql`insert into public.author_follows (member_id, author_id) values (${byAuthor.id}, ${author.id}), (${byBoth.id}, ${author.id})`;
    await sql`insert into public.tag_follows (member_id, tag) values (${byTag.id}, ${tag}), (${byBoth.id}, ${tag}), (${author.id}, ${tag})`;
    const postId = await createPost(author, { status: "pending", tags: ["other", tag] });
    await fanOut();
    expect(await notificationsOf(byTag)).toEqual([]);
    await sql`update public.posts set status = 'approved' where id = ${postId}`;
    await fanOut();
    expect((await notificationsOf(byAuthor)).map((n) => [n.kind, n.post_id])).toEqual([["followed_author_post", postId]]);
    expect((await notificationsOf(byTag)).map((n) => [n.kind, n.tag])).toEqual([["followed_tag_post", tag]]);
    expect((await notificationsOf(byBoth)).map((n) => n.kind)).toEqual(["followed_author_post"]);
    expect((await notificationsOf(author)).filter((n) => n.post_id === postId).map((n) => n.kind)).toEqual(["post_published"]);
    expect(await notificationsOf(unrelated)).toEqual([]);
  });

  it("an author at the cap of follows still posts; only the follow of their own post is left out", async () => {
    const author = await createMember();
    // Rejected: in no list or queue another test reads.
    const posts = await sql<{ id: string }[]>`
      insert into public.posts (author_id, title, excerpt, content, status)
      select ${author.id}, 'Post ' || n, 'An excerpt.', 'Some content.', 'rejected' from generate_series(1, 1000) n returning id`;
    expect(posts).toHaveLength(1000);
    const postId = await createPost(author, { title: "The one past the cap" });
    expect(await sql`select 1 from public.post_follows where member_id = ${author.id} and post_id = ${postId}`).toEqual([]);
    expect((await sql<{ n: number }[]>`select count(*)::int as n from public.post_follows where member_id = ${author.id}`)[0].n).toBe(1000);
  });

  it("a post rejected before the jobs ran tells no follower", async () => {
    const [author, follower] = await Promise.all([createMember(), createMember()]);
    const tag = `tag-${crypto.randomUUID().slice(0, 8)}`;
    await sql`insert into public.tag_follows (member_id, tag) values (${follower.id}, ${tag})`;
    const postId = await createPost(author, { status: "pending", tags: [tag] });
    await sql.begin(async (tx) => {
      await tx`update public.posts set status = 'approved' where id = ${postId}`;
    });
    await sql`update public.posts set status = 'rejected' where id = ${postId}`;
    await fanOut();
    expect(await notificationsOf(follower)).toEqual([]);
  });

  it("a new comment: the post's followers hear of it, its author (who follows their post) once, the commenter not at all", async () => {
    const [author, follower, commenter] = await Promise.all([createMember(), createMember(), createMember()]);
    const postId = await createPost(author);
    await sql`insert into public.post_follows (member_id, post_id) values (${follower.id}, ${postId}), (${commenter.id}, ${postId})`;
    const commentId = await createComment(commenter, postId);
    await fanOut();
    expect((await notificationsOf(follower)).map((n) => n.kind)).toEqual(["followed_post_comment"]);
    expect((await notificationsOf(author)).map((n) => n.kind)).toEqual(["post_comment"]);
    expect(await notificationsOf(commenter)).toEqual([]);
    // The author stops following: a reply to the commenter no longer reaches them.
    await sql`delete from public.post_follows where member_id = ${author.id} and post_id = ${postId}`;
    await createComment(follower, postId, { parentId: commentId });
    await fanOut();
    expect((await notificationsOf(author)).map((n) => n.kind)).toEqual(["post_comment"]);
    expect((await notificationsOf(commenter)).map((n) => n.kind)).toEqual(["comment_reply"]);
  });
});

describe("what an e-mail may say", () => {
  it("a suspended member hears only of their suspension, and of its lifting", async () => {
    const [member, admin] = await Promise.all([createMember(), createAdmin()]);
    await replyTo(member);
    await asCaller(admin, (tx) => tx`select private.suspend_user(${member.id}, now() + interval '3 days', 'Spam in the comments')`, { commit: true });
    const [id] = await claimDue(member, crypto.randomUUID());
    expect((await contents(id))?.items.map((item) => item.kind)).toEqual(["member_suspended"]);
    await asCaller(admin, (tx) => tx`select private.unsuspend_user(${member.id})`, { commit: true });
    expect((await notificationsOf(member)).map((n) => [n.kind, n.post_id, n.delivery])).toEqual([
      ["comment_reply", expect.any(Number), "immediate"],
      ["member_suspended", null, "immediate"],
      ["member_unsuspended", null, "immediate"],
    ]);
  });

  it("nothing about a post its member may no longer read, a deleted comment, or what they read in the bell", async () => {
    const [author, suggester] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(author);
    const suggestion = await createEditSuggestion(suggester, postId);
    await asCaller(await createAdmin(), (tx) => tx`select private.approve_edit_suggestion(${suggestion})`, { commit: true });
    await replyTo(suggester);
    await replyTo(suggester);
    const [id] = await claimDue(suggester, crypto.randomUUID());
    expect((await contents(id))?.items.map((item) => item.kind)).toEqual(["edit_applied", "comment_reply", "comment_reply"]);
    await sql`update public.posts set status = 'rejected' where id = ${postId}`;
    const [read, deleted] = (await notificationsOf(suggester)).filter((n) => n.kind === "comment_reply");
    await sql`update public.notifications set read_at = now() where id = ${read.id}`;
    await sql`update public.comments set deleted_at = now(), content = '' where id = (select comment_id from public.notifications where id = ${deleted.id})`;
    expect((await contents(id))?.items).toEqual([]);
  });

  it("nothing to an address that bounced, and nothing of a topic unsubscribed from", async () => {
    const [bounced, unsubscribed] = await Promise.all([createMember(), createMember()]);
    await replyTo(bounced);
    await replyTo(unsubscribed);
    await sql`select private.suppress_email_address(${bounced.email.toUpperCase()}, 'bounced')`;
    await sql`select private.unsubscribe_topic(${unsubscribed.id}, 'replies')`;
    const [bouncedEmail] = await claimDue(bounced, crypto.randomUUID());
    const [unsubscribedEmail] = await claimDue(unsubscribed, crypto.randomUUID());
    expect(await contents(bouncedEmail)).toBeNull();
    expect((await contents(unsubscribedEmail))?.items).toEqual([]);
    expect(await sql`select topic, delivery from public.notification_preferences where member_id = ${unsubscribed.id}`).toEqual([
      { topic: "replies", delivery: "bell" },
    ]);
  });

  it("unsubscribing from the digest turns off every topic that was in it, and nothing else", async () => {
    const member = await createMember();
    await sql`insert into public.notification_preferences (member_id, topic, delivery) values (${member.id}, 'comments', 'digest')`;
    await sql`select private.unsubscribe_topic(${member.id}, 'digest')`;
    expect(await sql`select topic, delivery from public.notification_preferences where member_id = ${member.id} order by topic`).toEqual([
      { topic: "comments", delivery: "bell" },
      { topic: "following", delivery: "bell" },
    ]);
  });

  it("a deleted account's e-mails go with it", async () => {
    const member = await createMember();
    await replyTo(member);
    expect(await outboxOf(member)).toHaveLength(1);
    await sql`delete from auth.users where id = ${member.id}`;
    expect(await outboxOf(member)).toEqual([]);
  });
});
