import { expect, type Page, test } from "../support/playwright.ts";
import { mailpitUrl } from "../../local-stack/test/env.ts";
import { api, createAdmin, createMember } from "../support/api.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { logIn } from "../support/browser-auth.ts";
import { sql } from "../support/database.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
import { jobsSecret } from "../api/sources-jobs.ts";

// E-mail notifications end to end against the real local stack: the jobs
// endpoint as Supabase Cron calls it, the stand-in for Resend delivering into
// the mail catcher, and each e-mail opened as a mail client would show it.

const memberPassword = "test-password-1";
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

interface Mail {
  Subject: string;
  Text: string;
  HTML: string;
}

const drainEmail = async () => {
  const res = await api("POST", "/api/jobs/email", { headers: { "x-jobs-secret": jobsSecret() } });
  expect(res.status).toBe(200);
};

/** The sender's address, which tells the archive's e-mails from Auth's. */
const sender = () => (process.env.EMAIL_FROM_ADDRESS ?? "").toLowerCase();

async function archiveMailsTo(address: string): Promise<{ ID: string }[]> {
  const search = await fetch(`${mailpitUrl}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
  const { messages } = (await search.json()) as { messages: { ID: string; From: { Address: string } | null }[] };
  return messages.filter((m) => m.From?.Address.toLowerCase() === sender());
}

/** Drains until the archive's `n`th e-mail to `address` arrived (the stack's own schedule may drain first); the newest. */
async function nthMailTo(address: string, n: number): Promise<Mail> {
  await expect.poll(async () => {
    await drainEmail();
    return (await archiveMailsTo(address)).length;
  }, { timeout: 20_000 }).toBe(n);
  const [newest] = await archiveMailsTo(address);
  return (await (await fetch(`${mailpitUrl}/api/v1/message/${newest.ID}`)).json()) as Mail;
}

/** Shows an e-mail's HTML part as a mail client would, and follows the link named `name`. */
async function openLinkInMail(page: Page, mail: Mail, name: string | RegExp): Promise<void> {
  // A page of its own, so the link is a new page load even when it differs from the site's last page only by its hash.
  await page.goto("about:blank");
  await page.setContent(mail.HTML);
  const href = await page.getByRole("link", { name }).first().getAttribute("href");
  expect(href).toBeTruthy();
  await page.goto(href!);
}

/** Makes the member's waiting e-mail due now, as the end of its burst window would. */
const makeDue = (member: TestUser) =>
  sql`update private.email_outbox set send_after = now() - interval '1 second' where recipient_id = ${member.id} and status = 'waiting'`;

test("a member follows a tag and gets the digest with a new post in it, a reply by e-mail whose link opens the comment, and unsubscribes in one click", async ({ page }) => {
  const tag = `lighthouses-${stamp()}`;
  const title = `Lights along the coast ${stamp()}`;
  const [follower, author, replier, admin] = await Promise.all([
    createMember({ lastName: "e2e-follower" }),
    createMember({ lastName: "e2e-author" }),
    createMember({ firstName: "Robin", lastName: "e2e-replier" }),
    createAdmin(),
  ]);

  // A phone: follow the tag on its page.
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, follower.email, memberPassword);
  await page.goto(`/posts/all?tags=${tag}`);
  const follow = page.getByRole("button", { name: `Follow #${tag}` });
  await follow.click();
  await expect(follow).toHaveAttribute("aria-pressed", "true");
  // The follow is older than the post it will hear of.
  await sql`update public.tag_follows set created_at = now() - interval '1 minute' where member_id = ${follower.id}`;

  // Another member posts in it and an admin approves: the jobs tell the follower, for the digest.
  const postId = await createPost(author, { title, tags: [tag], status: "pending" });
  expect((await api("POST", `/api/admin/posts/${postId}/approve`, { token: admin.token })).status).toBe(200);
  await expect.poll(async () => {
    await drainEmail();
    return (await sql`select delivery from public.notifications where recipient_id = ${follower.id} and kind = 'followed_tag_post'`).map((r) => r.delivery);
  }).toEqual(["digest"]);
  // The day's digest time (midnight UTC) has passed since the news came.
  await sql`insert into public.digest_settings (member_id, time_zone, digest_hour) values (${follower.id}, 'UTC', 0)`;
  await sql`update public.notifications set created_at = now() - interval '1 day' where recipient_id = ${follower.id}`;
  const digest = await nthMailTo(follower.email, 1);
  expect(digest.Text).toContain(title);
  expect(digest.Text).toContain(`#${tag}`);
  await openLinkInMail(page, digest, title);
  await expect(page).toHaveURL(new RegExp(`/posts/${postId}$`));
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // A laptop: a reply arrives by e-mail; its link opens the comment, highlighted.
  await page.setViewportSize({ width: 1280, height: 800 });
  const parentId = await createComment(follower, postId, { content: "I climbed that one." });
  const replyId = await createComment(replier, postId, { parentId, content: "So did I, in 1998." });
  await makeDue(follower);
  const reply = await nthMailTo(follower.email, 2);
  expect(reply.Text).toContain("So did I, in 1998.");
  await openLinkInMail(page, reply, "View the reply");
  await expect(page).toHaveURL(new RegExp(`/posts/${postId}#comment-${replyId}$`));
  const linked = page.locator(`#comment-${replyId}`);
  await expect(linked).toBeFocused();
  await expect(linked).toHaveAttribute("aria-current", "location");

  // Unsubscribe from the e-mail: its page asks, one click turns replies off, and the next reply sends nothing.
  await openLinkInMail(page, reply, "Unsubscribe");
  await expect(page.getByText("You will no longer get e-mails about replies to your comments.")).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText(/They still appear under the bell/)).toBeVisible();
  // Its link leads to the settings, where replies now stay in the bell.
  await page.getByRole("link", { name: "choose which e-mails you get on your account page" }).click();
  await expect(page).toHaveURL(/\/account#notifications$/);
  await expect(page.getByRole("heading", { level: 2, name: "Notifications" })).toBeInViewport();
  await expect(page.getByRole("combobox", { name: "Replies to your comments" })).toHaveValue("bell");
  await createComment(replier, postId, { parentId, content: "And again in 2004." });
  await drainEmail();
  expect(await sql`select status from private.email_outbox where recipient_id = ${follower.id} and status = 'waiting'`).toEqual([]);
  expect(await archiveMailsTo(follower.email)).toHaveLength(2);
});
