/**
 * POST /api/jobs/email end to end: the outbox drained through the e-mail API
 * (the local stack's stand-in for Resend, which delivers into the mail
 * catcher). At most one e-mail per member per batch, also under two drains
 * at once; a followed tag's new post in the day's digest; one-click
 * unsubscribe (RFC 8058) stops the next e-mail. The outbox's own rules:
 * tests/db/email-outbox.test.ts.
 */
import { describe, expect, it } from "vitest";
import { mailpitUrl } from "../../local-stack/test/env.ts";
import { sql } from "../support/database.ts";
import { testEnv } from "../support/env.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
import { api, createAdmin, createMember } from "../support/api.ts";
import { jobsSecret } from "./sources-jobs.ts";

interface Mail {
  ID: string;
  Subject: string;
  Text: string;
  HTML: string;
}

/** The sender's address, which tells the archive's e-mails from Auth's. */
const sender = () => {
  const from = process.env.EMAIL_FROM_ADDRESS;
  if (!from) throw new Error("EMAIL_FROM_ADDRESS is not set: export the stack's variables (npm run --silent stack:env)");
  return from.toLowerCase();
};

/** The archive's e-mails to `address` in the mail catcher, newest first. */
async function mailsTo(address: string): Promise<{ ID: string; From: { Address: string } | null }[]> {
  const search = await fetch(`${mailpitUrl}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
  const { messages } = (await search.json()) as { messages: { ID: string; From: { Address: string } | null }[] };
  return messages.filter((m) => m.From?.Address.toLowerCase() === sender());
}

const mailCount = async (address: string) => (await mailsTo(address)).length;

/**
 * Drains until an e-mail to `address` arrived, and returns it. Another drain
 * (the stack's every-minute call, or a database test claiming every due
 * e-mail under a short lease) may hold it for a moment: drained again, it goes.
 */
async function latestMailTo(address: string): Promise<Mail> {
  await expect.poll(async () => {
    await drain();
    return mailCount(address);
  }, { timeout: 20_000 }).toBeGreaterThan(0);
  const [newest] = await mailsTo(address);
  return (await (await fetch(`${mailpitUrl}/api/v1/message/${newest.ID}`)).json()) as Mail;
}

const drain = async () => {
  const res = await api<{ emails: { id: number; outcome: string }[] }>("POST", "/api/jobs/email", { headers: { "x-jobs-secret": jobsSecret() } });
  expect(res.status).toBe(200);
  return res.body;
};

/** Makes the member's waiting e-mails due, as the end of the burst window would. */
const makeDue = (member: TestUser) =>
  sql`update private.email_outbox set send_after = now() - interval '1 second' where recipient_id = ${member.id} and status = 'waiting'`;

const outboxStatuses = async (member: TestUser) =>
  (await sql<{ status: string }[]>`select status from private.email_outbox where recipient_id = ${member.id} order by id`).map((r) => r.status);

/** `member`'s comment on someone's post, answered by `count` others. */
async function repliesTo(member: TestUser, count: number): Promise<{ postId: number; replyIds: number[] }> {
  const postId = await createPost(await createMember(), { title: "The pier in winter" });
  const parentId = await createComment(member, postId, { content: "I was there." });
  const replyIds: number[] = [];
  for (let i = 0; i < count; i++) replyIds.push(await createComment(await createMember({ firstName: "Robin" }), postId, { parentId, content: `So was I (${i}).` }));
  return { postId, replyIds };
}

describe("POST /api/jobs/email", () => {
  it("refuses a caller without the jobs' secret", async () => {
    expect((await api("POST", "/api/jobs/email")).status).toBe(401);
    expect((await api("POST", "/api/jobs/email", { headers: { "x-jobs-secret": "wrong" } })).status).toBe(401);
  });

  it("sends a burst of replies as one e-mail, once, even with two drains at once, linking to each comment", async () => {
    const member = await createMember();
    const { postId, replyIds } = await repliesTo(member, 3);
    await makeDue(member);
    await Promise.all([drain(), drain()]);
    const mail = await latestMailTo(member.email);
    expect(await mailCount(member.email)).toBe(1);
    expect(await outboxStatuses(member)).toEqual(["sent"]);
    expect(mail.Text).toContain("The pier in winter");
    for (const id of replyIds) expect(mail.Text).toContain(`/posts/${postId}#comment-${id}`);
    // Drained again: nothing more.
    await drain();
    expect(await mailCount(member.email)).toBe(1);
  });

  it("puts a new post in a followed tag into the day's digest, told by the jobs' fan-out after an admin approved it", async () => {
    const [follower, author, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
    const tag = `harbour-${crypto.randomUUID().slice(0, 6)}`;
    await sql`insert into public.tag_follows (member_id, tag, created_at) values (${follower.id}, ${tag}, now() - interval '1 hour')`;
    const postId = await createPost(author, { title: "Boats at dawn", tags: [tag], status: "pending" });
    expect((await api("POST", `/api/admin/posts/${postId}/approve`, { token: admin.token })).status).toBe(200);
    await drain();
    const [told] = await sql<{ kind: string; delivery: string }[]>`select kind, delivery from public.notifications where recipient_id = ${follower.id}`;
    expect(told).toEqual({ kind: "followed_tag_post", delivery: "digest" });
    // The day's digest time (midnight UTC) has passed, and the notification is from before it.
    await sql`insert into public.digest_settings (member_id, time_zone, digest_hour) values (${follower.id}, 'UTC', 0)`;
    await sql`update public.notifications set created_at = now() - interval '1 day' where recipient_id = ${follower.id}`;
    await drain();
    const mail = await latestMailTo(follower.email);
    expect(mail.Text).toContain("Boats at dawn");
    expect(mail.Text).toContain(`/posts/${postId}`);
    await drain();
    expect(await mailCount(follower.email)).toBe(1);
  });

  it("one-click unsubscribe from an e-mail stops the next one of its kind", async () => {
    const member = await createMember();
    await repliesTo(member, 1);
    await makeDue(member);
    await drain();
    const mail = await latestMailTo(member.email);
    const link = /https?:\/\/\S+\/unsubscribe\?token=[\w.-]+/.exec(mail.Text)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get("token")!;
    // As a mail client sends it (RFC 8058): a form body, no cookie, no token of a session.
    const res = await fetch(`${testEnv.supabaseUrl}/functions/v1/api/email/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    await repliesTo(member, 1);
    expect(await outboxStatuses(member)).toEqual(["sent"]);
    await drain();
    expect(await mailCount(member.email)).toBe(1);
  });
});
