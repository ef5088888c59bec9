/**
 * Reports in the database: who may report what (an approved post or its
 * comments, once), who may read them (the reporter their own, admins all),
 * and how admins close them (private.close_reports, private.open_reports,
 * and deleting the item), each logged.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type Tx } from "../support/database.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, claimsFor, createAdmin, createMember, createMembers, pgError } from "../support/callers.ts";
import { allOpenReports, type QueuedReportItem, reportQueuePage } from "../support/report-queue.ts";

let author: TestUser;
let reporter: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [author, reporter, other, admin] = await Promise.all([
    createMember({ lastName: "Reported" }),
    createMember({ lastName: "Reporter" }),
    createMember(),
    createAdmin(),
  ]);
});

const reportPost = (tx: Tx, postId: number, reason = "spam", details: string | null = null) =>
  tx`insert into public.reports (post_id, reason, details) values (${postId}, ${reason}, ${details}) returning id, status, reporter_id`;
const reportComment = (tx: Tx, commentId: number, reason = "harassment", details: string | null = null) =>
  tx`insert into public.reports (post_id, comment_id, reason, details) values (0, ${commentId}, ${reason}, ${details}) returning id, post_id`;

async function committedReport(by: TestUser, item: { postId: number; commentId?: number }, reason = "spam", details: string | null = null) {
  const [row] = await asCaller(by, (tx) =>
    tx<{ id: string }[]>`insert into public.reports (post_id, comment_id, reason, details)
                         values (${item.postId}, ${item.commentId ?? null}, ${reason}, ${details}) returning id`, { commit: true });
  return Number(row.id);
}

describe("reporting", () => {
  it("a member reports an approved post as themselves, open", async () => {
    const postId = await createPost(author);
    const [row] = await asCaller(reporter, (tx) => reportPost(tx, postId));
    expect(row).toMatchObject({ status: "open", reporter_id: reporter.id });
  });

  it("a member reports a comment; its post is the comment's post whatever was sent", async () => {
    const postId = await createPost(author);
    const commentId = await createComment(author, postId);
    const [row] = await asCaller(reporter, (tx) => reportComment(tx, commentId));
    expect(Number(row.post_id)).toBe(postId);
  });

  it("a visitor cannot report", async () => {
    const postId = await createPost(author);
    expect((await pgError(asCaller(null, (tx) => reportPost(tx, postId)))).code).toBe("42501");
  });

  it("pending and rejected posts, and their comments, cannot be reported (not even by their author)", async () => {
    for (const status of ["pending", "rejected"] as const) {
      const postId = await createPost(author, { status });
      const commentId = await createComment(other, postId);
      for (const who of [reporter, author]) {
        expect((await pgError(asCaller(who, (tx) => reportPost(tx, postId)))).code).toBe("42501");
        expect((await pgError(asCaller(who, (tx) => reportComment(tx, commentId)))).code).toBe("42501");
      }
    }
  });

  it("a missing comment is PT404", async () => {
    expect(await pgError(asCaller(reporter, (tx) => reportComment(tx, -1)))).toEqual({ code: "PT404", message: "Comment not found." });
  });

  it("nobody reports in another member's name", async () => {
    const postId = await createPost(author);
    const attempt = asCaller(reporter, (tx) =>
      tx`insert into public.reports (reporter_id, post_id, reason) values (${other.id}, ${postId}, 'spam')`);
    expect((await pgError(attempt)).code).toBe("42501");
  });

  it("'Other' needs its text; texts are trimmed and at most 500 characters", async () => {
    const postId = await createPost(author);
    expect(await pgError(asCaller(reporter, (tx) => reportPost(tx, postId, "other", "   ")))).toEqual({
      code: "PT400",
      message: 'Please say what is wrong when you choose "Other".',
    });
    expect(await pgError(asCaller(reporter, (tx) => reportPost(tx, postId, "spam", "x".repeat(501))))).toEqual({
      code: "PT400",
      message: "The details of a report can be at most 500 characters.",
    });
    const [row] = await asCaller(reporter, (tx) =>
      tx`insert into public.reports (post_id, reason, details) values (${postId}, 'other', '  Wrong year  ') returning details`);
    expect(row.details).toBe("Wrong year");
  });

  it("an unknown reason is refused", async () => {
    const postId = await createPost(author);
    expect((await pgError(asCaller(reporter, (tx) => reportPost(tx, postId, "boring")))).code).toBe("22P02");
  });

  it("a member reports an item once; another member may report it too", async () => {
    const postId = await createPost(author);
    const commentId = await createComment(author, postId);
    await committedReport(reporter, { postId });
    await committedReport(reporter, { postId, commentId });
    expect(await pgError(asCaller(reporter, (tx) => reportPost(tx, postId, "harassment")))).toEqual({
      code: "PT409",
      message: "You have already reported this post. The admins will look at it.",
    });
    expect(await pgError(asCaller(reporter, (tx) => reportComment(tx, commentId, "spam")))).toEqual({
      code: "PT409",
      message: "You have already reported this comment. The admins will look at it.",
    });
    expect(await asCaller(other, (tx) => reportPost(tx, postId))).toHaveLength(1);
  });

  it("status and dates are the database's, not the member's", async () => {
    const postId = await createPost(author);
    const [row] = await asCaller(reporter, (tx) =>
      tx`insert into public.reports (post_id, reason, status, closed_at, created_at)
         values (${postId}, 'spam', 'dismissed', now(), '2000-01-01') returning status, closed_at, created_at > now() - interval '1 minute' as fresh`);
    expect(row).toEqual({ status: "open", closed_at: null, fresh: true });
  });
});

describe("reading and changing reports", () => {
  let reportId: number;
  let postId: number;
  beforeAll(async () => {
    postId = await createPost(author);
    reportId = await committedReport(reporter, { postId }, "misinformation", "The date is wrong.");
  });

  it("the reporter reads their own report; the reported author, another member and visitors read none", async () => {
    expect(await asCaller(reporter, (tx) => tx`select id from public.reports where id = ${reportId}`)).toHaveLength(1);
    for (const who of [author, other]) {
      expect(await asCaller(who, (tx) => tx`select id from public.reports where id = ${reportId}`)).toHaveLength(0);
    }
    // Visitors hold no privilege on the table at all.
    expect((await pgError(asCaller(null, (tx) => tx`select id from public.reports where id = ${reportId}`))).code).toBe("42501");
  });

  it("admins read every report", async () => {
    expect(await asCaller(admin, (tx) => tx`select id from public.reports where id = ${reportId}`)).toHaveLength(1);
  });

  it("nobody updates or deletes reports directly, admins included", async () => {
    // Members hold select and insert only; admins close reports through private.close_reports.
    for (const who of [reporter, admin]) {
      const update = asCaller(who, (tx) => tx`update public.reports set status = 'dismissed' where id = ${reportId} returning id`);
      expect((await pgError(update)).code).toBe("42501");
      const remove = asCaller(who, (tx) => tx`delete from public.reports where id = ${reportId} returning id`);
      expect((await pgError(remove)).code).toBe("42501");
    }
    expect((await sql`select status from public.reports where id = ${reportId}`)[0].status).toBe("open");
  });

  it("members and visitors cannot list or close reports", async () => {
    for (const who of [reporter, author, other]) {
      expect(await pgError(asCaller(who, (tx) => tx`select private.open_reports()`))).toEqual({ code: "PT403", message: "Moderator access required." });
      expect(await pgError(asCaller(who, (tx) => tx`select private.close_reports(${reportId}, 'dismissed')`))).toEqual({
        code: "PT403",
        message: "Moderator access required.",
      });
    }
    expect((await pgError(asCaller(null, (tx) => tx`select private.open_reports()`))).code).toMatch(/^(PT401|42501)$/);
  });
});

describe("admins handle reports", () => {
  it("lists open reports grouped by item, with each reason's count and texts", async () => {
    const postId = await createPost(author, { title: "Grouped reports" });
    const commentId = await createComment(author, postId, { content: "A rude comment." });
    const [first, second] = await Promise.all([createMember(), createMember()]);
    await committedReport(first, { postId, commentId }, "harassment");
    await committedReport(second, { postId, commentId }, "other", "Insults another member.");
    await committedReport(reporter, { postId, commentId }, "harassment");
    await committedReport(first, { postId }, "off_topic");

    const items = (await asCaller(admin, allOpenReports)).filter((item) => item.post_id === postId);
    expect(items).toHaveLength(2);
    const onComment = items.find((item) => item.comment_id === commentId);
    expect(onComment).toMatchObject({
      kind: "comment",
      post_title: "Grouped reports",
      excerpt: "A rude comment.",
      author_id: author.id,
      author_name: "Test Reported",
      report_count: 3,
      reasons: [
        { reason: "harassment", count: 2, details: [] },
        { reason: "other", count: 1, details: ["Insults another member."] },
      ],
    });
    expect(items.find((item) => item.comment_id === null)).toMatchObject({ kind: "post", report_count: 1, author_id: author.id });
  });

  it("dismissing closes every open report of the item, once, and logs it", async () => {
    const postId = await createPost(author);
    const commentId = await createComment(author, postId);
    const a = await committedReport(reporter, { postId, commentId }, "spam");
    await committedReport(other, { postId, commentId }, "spam");
    const onPost = await committedReport(reporter, { postId }, "spam");

    const [row] = await asCaller(admin, (tx) => tx`select private.close_reports(${a}, 'dismissed') as closed`, { commit: true });
    expect(row.closed).toBe(2);
    const statuses = await sql`select status::text, closed_at is not null as closed from public.reports where post_id = ${postId} order by id`;
    expect(statuses).toEqual([
      { status: "dismissed", closed: true },
      { status: "dismissed", closed: true },
      { status: "open", closed: false },
    ]);
    const [log] = await sql`select action, actor_id, comment_id::int, details from public.moderation_log
                            where post_id = ${postId} and action = 'dismiss_reports'`;
    expect(log).toMatchObject({ actor_id: admin.id, comment_id: commentId, details: { reports: 2, reasons: { spam: 2 } } });

    expect(await pgError(asCaller(admin, (tx) => tx`select private.close_reports(${a}, 'resolved')`))).toEqual({
      code: "PT409",
      message: "These reports have already been handled.",
    });
    await asCaller(admin, (tx) => tx`select private.close_reports(${onPost}, 'resolved')`, { commit: true });
    expect((await sql`select status::text from public.reports where id = ${onPost}`)[0].status).toBe("resolved");
    expect(await sql`select 1 from public.moderation_log where post_id = ${postId} and action = 'resolve_reports'`).toHaveLength(1);
  });

  it("a missing report is PT404", async () => {
    expect(await pgError(asCaller(admin, (tx) => tx`select private.close_reports(-1, 'dismissed')`))).toEqual({
      code: "PT404",
      message: "Report not found.",
    });
  });

  it("deleting the item resolves its open reports (a post's, its comments' too) and they stay on record", async () => {
    const postId = await createPost(author);
    const commentId = await createComment(author, postId);
    const otherComment = await createComment(author, postId);
    const onComment = await committedReport(reporter, { postId, commentId });
    const onOther = await committedReport(reporter, { postId, commentId: otherComment });
    await asCaller(admin, (tx) => tx`select private.delete_comment(${commentId})`, { commit: true });
    expect((await sql`select status::text from public.reports where id in (${onComment}, ${onOther}) order by id`).map((r) => r.status))
      .toEqual(["resolved", "open"]);

    const onPost = await committedReport(other, { postId });
    await asCaller(admin, (tx) => tx`select private.delete_post(${postId})`, { commit: true });
    expect((await sql`select status::text from public.reports where id in (${onOther}, ${onPost}) order by id`).map((r) => r.status))
      .toEqual(["resolved", "resolved"]);
  });
});

describe("the admins' queue, a page at a time", () => {
  const rollback = Symbol("rollback");

  /**
   * Arranges reports as the owner, then reads the queue as the admin, in one
   * repeatable-read transaction that is rolled back: every page sees the same
   * open reports whatever other tests commit meanwhile.
   */
  async function inOneSnapshot<T>(arrange: (tx: Tx) => Promise<unknown>, read: (tx: Tx) => Promise<T>): Promise<T> {
    let result: T | undefined;
    try {
      await sql.begin("isolation level repeatable read", async (tx) => {
        await arrange(tx);
        await tx`select set_config('role', 'authenticated', true),
                        set_config('request.jwt.claims', ${JSON.stringify(claimsFor(admin))}, true)`;
        result = await read(tx);
        throw rollback;
      });
    } catch (err) {
      if (err !== rollback) throw err;
    }
    return result as T;
  }

  // Older than any report other tests make, so these items lead the queue.
  const longAgo = (seconds: number) => new Date(Date.UTC(1980, 0, 1, 0, 0, seconds)).toISOString();

  it("pages through every open item once, ordered by its first open report (time, then id), with the total", async () => {
    const [first, second] = await createMembers(2);
    const postId = await createPost(author);
    const [rude, ruder] = [await createComment(author, postId), await createComment(author, postId)];
    const [laterPost, lastPost, newestPost] = [await createPost(author), await createPost(author), await createPost(author)];
    const reportIds: Record<string, number> = {};
    const arrange = async (tx: Tx) => {
      const file = async (name: string, by: TestUser, item: [number, number | null], seconds: number, status = "open") => {
        const [row] = await tx<{ id: string }[]>`
          insert into public.reports (reporter_id, post_id, comment_id, reason, status, created_at)
          values (${by.id}, ${item[0]}, ${item[1]}, 'spam', ${status}, ${longAgo(seconds)}) returning id`;
        reportIds[name] = Number(row.id);
      };
      // In id order; the queue goes by each item's first open report.
      await file("rude, later", first, [postId, rude], 5);
      await file("post", first, [postId, null], 2);
      await file("rude, first", second, [postId, rude], 1);
      await file("ruder", first, [postId, ruder], 2);
      await file("post, dismissed", second, [postId, null], 0, "dismissed");
      await file("later post", first, [laterPost, null], 3);
      await file("last post", first, [lastPost, null], 4);
      await file("newest post", second, [newestPost, null], 6);
    };

    const { pages, expected } = await inOneSnapshot(arrange, async (tx) => {
      const pages = [await reportQueuePage(tx, 2)];
      // Pages of two through these items, then larger ones to the end of the queue.
      while (pages.at(-1)!.next) pages.push(await reportQueuePage(tx, pages.length < 3 ? 2 : 100, pages.at(-1)!.next));
      const firsts = await tx<{ id: string }[]>`
        select id from (select distinct on (post_id, comment_id) id, created_at from public.reports
                        where status = 'open' order by post_id, comment_id, created_at, id) items
        order by created_at, id`;
      return { pages, expected: firsts.map((row) => Number(row.id)) };
    });

    const listed = pages.flatMap((page) => page.reports);
    expect(listed.map((item) => item.report_id)).toEqual(expected);
    expect(pages.slice(0, 3).map((page) => page.reports.length)).toEqual([2, 2, 2]);
    expect(pages.map((page) => page.total)).toEqual(pages.map(() => listed.length));
    expect(pages.at(-1)!.next).toBeNull();

    const mine = (item: QueuedReportItem) => [postId, laterPost, lastPost, newestPost].includes(item.post_id);
    expect(listed.filter(mine).map((item) => [item.post_id, item.comment_id, item.report_id, item.report_count])).toEqual([
      [postId, rude, reportIds["rude, first"], 2],
      [postId, null, reportIds.post, 1],
      [postId, ruder, reportIds.ruder, 1],
      [laterPost, null, reportIds["later post"], 1],
      [lastPost, null, reportIds["last post"], 1],
      [newestPost, null, reportIds["newest post"], 1],
    ]);
    const onPost = listed.find((item) => item.post_id === postId && item.comment_id === null)!;
    expect(new Date(onPost.first_reported_at).toISOString()).toBe(longAgo(2));
  });

  it("a page holds 1 to 100 items, 20 unless asked; a cursor is a time and a report id together", async () => {
    // 101 items: reports of posts that no longer exist, as reports outlive their item.
    const arrange = (tx: Tx) => tx`
      insert into public.reports (reporter_id, post_id, reason, created_at)
      select ${reporter.id}, -n, 'spam', '1980-01-01'::timestamptz + n * interval '1 second' from generate_series(1, 101) n`;
    const { byDefault, largest, refused } = await inOneSnapshot(arrange, async (tx) => {
      const [byDefault] = await tx<{ page: { reports: unknown[]; next: unknown } }[]>`select private.open_reports() as page`;
      const largest = await reportQueuePage(tx, 100);
      const refused = [];
      for (const args of [[0, null, null], [101, null, null], [null, null, null], [20, "1980-01-01 00:00:01+00", null], [20, null, 1]]) {
        const [limit, key, id] = args;
        refused.push(await pgError(tx.savepoint((sp) => sp`select private.open_reports(${limit}::integer, ${key}::text, ${id}::bigint)`)));
      }
      return { byDefault: byDefault.page, largest, refused };
    });
    expect(byDefault.reports).toHaveLength(20);
    expect(byDefault.next).not.toBeNull();
    expect(largest.reports).toHaveLength(100);
    expect(largest.total).toBeGreaterThanOrEqual(101);
    expect(refused).toEqual([
      ...Array(3).fill({ code: "PT400", message: "limit must be between 1 and 100." }),
      ...Array(2).fill({ code: "PT400", message: "A cursor is the time and the id of a report." }),
    ]);
  });
});
