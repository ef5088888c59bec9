/**
 * Reports over HTTP: members report visible posts and comments once, with a
 * reason; admins list the open reports grouped by item and dismiss or resolve
 * them; everyone else is refused with the database's message.
 */
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { allOpenReports, api, createAdmin, createMember, type SignedInUser } from "../support/api.ts";

let author: SignedInUser;
let reporter: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  // The author's name is asserted in the admins' queue.
  [author, reporter, admin] = await Promise.all([createMember({ lastName: "report-author" }), createMember(), createAdmin()]);
});

const report = (token: string | undefined, path: string, json: unknown) => api("POST", `/api${path}/report`, { token, json });

type ReportedItem = { report_id: number; post_id: number; comment_id: number | null; report_count: number; reasons: unknown[] };

async function openItems(): Promise<ReportedItem[]> {
  const res = await allOpenReports(admin.token);
  expect(res.status).toBe(200);
  return res.body.reports;
}

describe("reporting", () => {
  it("a member reports a post and a comment; a second report of either is 409", async () => {
    const postId = await createPost(author);
    const commentId = await createComment(author, postId);
    const first = await report(reporter.token, `/posts/${postId}`, { reason: "spam" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, message: "Thank you. The admins will look at your report." });
    expect((await report(reporter.token, `/comments/${commentId}`, { reason: "other", details: "Insults" })).status).toBe(201);

    const again = await report(reporter.token, `/posts/${postId}`, { reason: "harassment" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("You have already reported this post. The admins will look at it.");
    const againComment = await report(reporter.token, `/comments/${commentId}`, { reason: "spam" });
    expect(againComment.status).toBe(409);
    expect(againComment.body.error).toBe("You have already reported this comment. The admins will look at it.");
  });

  it("takes at most 20 reports an hour from a member; the 21st is 429 and not kept", async () => {
    const busy = await createMember({ lastName: "busy-reporter" });
    const posts = await Promise.all(Array.from({ length: 21 }, (_, i) => createPost(author, { title: `Reported ${i}` })));
    const details = "x".repeat(500);
    for (const id of posts.slice(0, 20)) {
      expect((await report(busy.token, `/posts/${id}`, { reason: "other", details })).status).toBe(201);
    }
    const refused = await report(busy.token, `/posts/${posts[20]}`, { reason: "other", details });
    expect(refused).toMatchObject({ status: 429, body: { error: "You can send at most 20 reports an hour. Please try again later." } });
    const [kept] = await sql`select count(*)::int as n from public.reports where reporter_id = ${busy.id}`;
    expect(kept.n).toBe(20);
  });

  it("asks a visitor to sign in", async () => {
    const postId = await createPost(author);
    const res = await report(undefined, `/posts/${postId}`, { reason: "spam" });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("Please sign in to report a post.");
  });

  it("answers 404 for what the member cannot see: pending posts, their comments, missing items", async () => {
    const pending = await createPost(author, { status: "pending" });
    const onPending = await createComment(author, pending);
    expect((await report(reporter.token, `/posts/${pending}`, { reason: "spam" })).body).toMatchObject({ error: "Post not found." });
    expect((await report(author.token, `/posts/${pending}`, { reason: "spam" })).status).toBe(404);
    const comment = await report(reporter.token, `/comments/${onPending}`, { reason: "spam" });
    expect(comment.status).toBe(404);
    expect(comment.body.error).toBe("Comment not found.");
    expect((await report(reporter.token, "/comments/999999999", { reason: "spam" })).status).toBe(404);
    expect((await report(reporter.token, "/posts/abc", { reason: "spam" })).status).toBe(404);
  });

  it("checks the reason: one of the list, and 'Other' with its text", async () => {
    const postId = await createPost(author);
    const unknown = await report(reporter.token, `/posts/${postId}`, { reason: "boring" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("reason must be one of spam, harassment, misinformation, off_topic, other.");
    const bare = await report(reporter.token, `/posts/${postId}`, { reason: "other", details: "  " });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toBe('Please say what is wrong when you choose "Other".');
    expect((await report(reporter.token, `/posts/${postId}`, { reason: "spam", details: 5 })).status).toBe(400);
  });
});

describe("admins handle reports", () => {
  it("lists open reports grouped by item with the reasons, and dismisses all of an item's at once", async () => {
    const postId = await createPost(author, { title: "Reported over HTTP" });
    const commentId = await createComment(author, postId, { content: "Buy cheap watches" });
    const second = await createMember();
    await report(reporter.token, `/comments/${commentId}`, { reason: "spam" });
    await report(second.token, `/comments/${commentId}`, { reason: "other", details: "Advert" });

    const item = (await openItems()).find((i) => i.comment_id === commentId);
    expect(item).toMatchObject({
      kind: "comment",
      post_id: postId,
      post_title: "Reported over HTTP",
      excerpt: "Buy cheap watches",
      author_id: author.id,
      author_name: "Test report-author",
      report_count: 2,
      reasons: expect.arrayContaining([
        { reason: "spam", count: 1, details: [] },
        { reason: "other", count: 1, details: ["Advert"] },
      ]),
    });

    const dismissed = await api("POST", `/api/admin/reports/${item!.report_id}/dismiss`, { token: admin.token });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ success: true, closed: 2, message: "2 reports dismissed." });
    expect((await openItems()).some((i) => i.comment_id === commentId)).toBe(false);

    const twice = await api("POST", `/api/admin/reports/${item!.report_id}/resolve`, { token: admin.token });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("These reports have already been handled.");
    const [log] = await sql`select details from public.moderation_log where action = 'dismiss_reports' and comment_id = ${commentId}`;
    expect(log.details).toEqual({ reports: 2, reasons: { spam: 1, other: 1 } });
  });

  it("deleting the reported item through the existing path resolves its reports", async () => {
    const postId = await createPost(author);
    await report(reporter.token, `/posts/${postId}`, { reason: "misinformation" });
    expect((await openItems()).some((i) => i.post_id === postId)).toBe(true);
    expect((await api("DELETE", `/api/posts/${postId}`, { token: admin.token })).status).toBe(200);
    expect((await openItems()).some((i) => i.post_id === postId)).toBe(false);
    const [row] = await sql`select status::text from public.reports where post_id = ${postId}`;
    expect(row.status).toBe("resolved");
  });

  it("resolve answers 1 report resolved; a missing report is 404", async () => {
    const postId = await createPost(author);
    const made = await report(reporter.token, `/posts/${postId}`, { reason: "spam" });
    const resolved = await api("POST", `/api/admin/reports/${made.body.id}/resolve`, { token: admin.token });
    expect(resolved.body).toMatchObject({ closed: 1, message: "1 report resolved." });
    const missing = await api("POST", "/api/admin/reports/999999999/dismiss", { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Report not found.");
  });

  it("members and visitors cannot list, dismiss or resolve", async () => {
    const postId = await createPost(author);
    const made = await report(reporter.token, `/posts/${postId}`, { reason: "spam" });
    for (const token of [reporter.token, author.token]) {
      const list = await api("GET", "/api/admin/reports", { token });
      expect(list.status).toBe(403);
      expect(list.body.error).toBe("Moderator access required.");
      expect((await api("POST", `/api/admin/reports/${made.body.id}/dismiss`, { token })).status).toBe(403);
    }
    expect((await api("GET", "/api/admin/reports")).status).toBe(401);
    expect((await api("POST", `/api/admin/reports/${made.body.id}/resolve`)).status).toBe(401);
    const [row] = await sql`select status::text from public.reports where id = ${made.body.id}`;
    expect(row.status).toBe("open");
  });
});

describe("the admins' queue, a page at a time", () => {
  const queue = (query: string, token = admin.token) => api("GET", `/api/admin/reports${query}`, { token });
  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

  it("answers a page of limit items oldest first, the nextCursor to the next page and how many items are open", async () => {
    const second = await createMember();
    const posts = [];
    for (let index = 0; index < 5; index++) posts.push(await createPost(author));
    // Older than any report other tests file, so these items lead the queue; closed afterwards, whatever happens.
    const filed = await sql<{ id: string }[]>`
      insert into public.reports (reporter_id, post_id, reason, created_at)
      select ${reporter.id}::uuid, post_id, 'spam'::public.report_reason, '1990-01-01T00:00:00Z'::timestamptz + position * interval '1 second'
      from unnest(${posts}::bigint[]) with ordinality as filed(post_id, position)
      union all
      select ${second.id}::uuid, ${posts[0]}::bigint, 'harassment', '1990-01-01T00:01:00Z'
      returning id`;
    onTestFinished(async () => {
      await sql`update public.reports set status = 'dismissed', closed_at = now() where id in ${sql(filed.map((row) => row.id))}`;
    });

    const first = await queue("?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.reports.map((item: ReportedItem) => [item.post_id, item.report_count])).toEqual([[posts[0], 2], [posts[1], 1]]);
    expect(first.body.total).toBeGreaterThanOrEqual(5);
    const next = await queue(`?limit=2&cursor=${first.body.nextCursor}`);
    expect(next.body.reports.map((item: ReportedItem) => item.post_id)).toEqual(posts.slice(2, 4));
    const last = await queue(`?cursor=${next.body.nextCursor}`);
    expect(last.body.reports[0].post_id).toBe(posts[4]);

    const byDefault = await queue("");
    expect(byDefault.body.reports.slice(0, 5).map((item: ReportedItem) => item.post_id)).toEqual(posts);
    expect(byDefault.body.reports.length).toBeLessThanOrEqual(20);
    expect(Object.keys(byDefault.body).sort()).toEqual(["nextCursor", "reports", "total"]);
  });

  it("refuses a limit outside 1 to 100 and a cursor it did not give", async () => {
    for (const limit of ["0", "101", "ten", "1.5", ""]) {
      const res = await queue(`?limit=${limit}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("limit must be a whole number from 1 to 100.");
    }
    const uuid = "6f1c2f4e-0d3b-4c59-9a57-2f6b8f0a1c3d";
    for (const cursor of ["not-a-cursor", cursorOf(["1990-01-01 00:00:00+00", uuid]), cursorOf([5, 1])]) {
      const res = await queue(`?cursor=${cursor}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("cursor: not a cursor this API returned.");
    }
    expect((await queue(`?cursor=${cursorOf(["not a time", 1])}`)).status).toBe(400);
  });

  it("refuses members whatever page they ask for", async () => {
    const res = await queue(`?limit=5&cursor=${cursorOf(["1990-01-01 00:00:00+00", 1])}`, reporter.token);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Moderator access required.");
  });
});
