// The environment first: env.ts is read at import.
import "../testing/offline-env.ts";
import assert from "node:assert/strict";
import { renderEmail, type SiteForEmail } from "./templates.ts";
import type { EmailInput, EmailItem } from "./types.ts";
import { verifyUnsubscribeToken } from "./unsubscribe-token.ts";

const secret = "templates-test-secret";
const site: SiteForEmail = {
  siteUrl: "https://archive.example.org",
  apiUrl: "https://project.supabase.co/functions/v1/api",
  now: new Date("2026-12-01T12:00:00Z"),
  siteName: "The Community Archive",
  tokenSecret: secret,
};
const memberId = "2b0c3f0e-5a7d-4c1e-9f5b-8d7e6c5b4a39";

function item(overrides: Partial<EmailItem>): EmailItem {
  return {
    id: 1, kind: "comment_reply", topic: "replies", postId: 42, postTitle: "The old mill", commentId: 7, actorName: "Alex",
    commentExcerpt: "I remember it well.", reason: null, tag: null, suspendedUntil: null, createdAt: "2026-12-01T10:00:00Z",
    ...overrides,
  };
}

function input(items: EmailItem[], overrides: Partial<EmailInput> = {}): EmailInput {
  return { outboxId: 3, batch: "immediate", to: "sam@example.com", recipientId: memberId, recipientName: "Sam", digestDate: null, items, ...overrides };
}

/** The token of a link or header, verified. */
function tokenIn(text: string, pattern: RegExp) {
  const token = decodeURIComponent(pattern.exec(text)?.[1] ?? "");
  return verifyUnsubscribeToken(token, secret, site.now);
}

Deno.test("a reply: its own subject, the excerpt, a button to the comment, the same in plain text", () => {
  const email = renderEmail(input([item({})]), site);
  assert.equal(email.subject, "Alex replied to your comment on “The old mill”");
  assert.match(email.html, /I remember it well\./);
  assert.match(email.html, /href="https:\/\/archive\.example\.org\/posts\/42#comment-7"[^>]*>View the reply</);
  assert.match(email.text, /Alex replied to your comment on “The old mill”\./);
  assert.match(email.text, /“I remember it well\.”/);
  assert.match(email.text, /View the reply: https:\/\/archive\.example\.org\/posts\/42#comment-7/);
});

Deno.test("every kind has a specific subject", () => {
  const subjects: Array<[Partial<EmailItem>, string]> = [
    [{ kind: "post_published", topic: "decisions" }, "Your post “The old mill” was published"],
    [{ kind: "post_rejected", topic: "decisions", reason: "Off topic" }, "Your post “The old mill” was not published"],
    [{ kind: "edit_applied", topic: "decisions" }, "Your suggested edit to “The old mill” was applied"],
    [{ kind: "edit_rejected", topic: "decisions" }, "Your suggested edit to “The old mill” was not applied"],
    [{ kind: "post_comment", topic: "comments" }, "Alex commented on your post “The old mill”"],
    [{ kind: "member_suspended", topic: "account", postId: null, postTitle: null, suspendedUntil: "2027-01-05T00:00:00Z" }, "Your account has been suspended"],
    [{ kind: "member_unsuspended", topic: "account", postId: null, postTitle: null }, "Your account is no longer suspended"],
    [{ kind: "followed_post_comment", topic: "following" }, "Alex commented on “The old mill”, a post you follow"],
    [{ kind: "followed_tag_post", topic: "following", tag: "mills" }, "New post in #mills: “The old mill”"],
    [{ kind: "followed_author_post", topic: "following" }, "Alex published “The old mill”"],
  ];
  for (const [overrides, subject] of subjects) assert.equal(renderEmail(input([item(overrides)]), site).subject, subject);
  const rejected = renderEmail(input([item({ kind: "post_rejected", topic: "decisions", reason: "Off topic" })]), site);
  assert.match(rejected.text, /Reason: Off topic/);
  const suspended = renderEmail(input([item({ kind: "member_suspended", topic: "account", postId: null, suspendedUntil: "2027-01-05T00:00:00Z" })]), site);
  assert.match(suspended.text, /from 5 January 2027/);
  const forever = renderEmail(input([item({ kind: "member_suspended", topic: "account", postId: null, suspendedUntil: "infinity" })]), site);
  assert.match(forever.text, /no end date/);
});

Deno.test("every value is escaped in the HTML, none is dropped from the text", () => {
  const email = renderEmail(input([item({ actorName: `<script>alert("x")</script>`, postTitle: `Tom & "Jerry" <b>`, commentExcerpt: "<img src=x onerror=alert(1)>" })], { recipientName: "<i>Sam</i>" }), site);
  assert.doesNotMatch(email.html, /<script|<img|<b>|<i>Sam/);
  assert.match(email.html, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;/);
  assert.match(email.html, /Tom &amp; &quot;Jerry&quot; &lt;b&gt;/);
  assert.match(email.text, /<script>alert\("x"\)<\/script> replied to your comment on “Tom & "Jerry" <b>”/);
});

Deno.test("every link is absolute to the site, and the styles are inline", () => {
  const email = renderEmail(input([item({}), item({ id: 2, commentId: 8, postId: 43, postTitle: "Harbour" })]), site);
  const hrefs = [...email.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(hrefs.length > 3);
  for (const href of hrefs) assert.ok(href.startsWith("https://archive.example.org/"), href);
  assert.doesNotMatch(email.html, /<link|<style|var\(--/);
  assert.match(email.html, /#1f4e79/);
});

Deno.test("a burst on one post is one e-mail counting them; several posts are grouped by post", () => {
  const replies = Array.from({ length: 12 }, (_, i) => item({ id: i + 1, commentId: 100 + i, actorName: `Member ${i}` }));
  const burst = renderEmail(input(replies), site);
  assert.equal(burst.subject, "12 new replies on “The old mill”");
  assert.equal(burst.html.match(/<li /g)?.length, 12);
  assert.match(burst.html, /posts\/42#comment-111/);

  const mixed = renderEmail(input([
    item({ id: 1, kind: "post_comment", topic: "comments", postId: 1, postTitle: "First", commentId: 11 }),
    item({ id: 2, kind: "post_comment", topic: "comments", postId: 2, postTitle: "Second", commentId: 21 }),
    item({ id: 3, kind: "post_comment", topic: "comments", postId: 1, postTitle: "First", commentId: 12 }),
  ]), site);
  assert.equal(mixed.subject, "3 new comments on your posts");
  const first = mixed.text.indexOf("“First”");
  const second = mixed.text.indexOf("“Second”");
  assert.ok(first >= 0 && second > first);
  // Both comments on "First" come before the heading of "Second".
  assert.ok(mixed.text.indexOf("#comment-12") < second);
});

Deno.test("a digest is titled as one and grouped by topic in a fixed order", () => {
  const email = renderEmail(input([
    item({ id: 1, kind: "followed_tag_post", topic: "following", tag: "mills" }),
    item({ id: 2, kind: "post_published", topic: "decisions" }),
    item({ id: 3 }),
  ], { batch: "digest", digestDate: "2026-12-01" }), site);
  assert.equal(email.subject, "Your daily digest: 3 notifications");
  assert.match(email.html, /Your daily digest/);
  assert.match(email.text, /on 1 December 2026/);
  const order = ["Your contributions", "Replies to your comments", "What you follow"].map((heading) => email.text.indexOf(heading));
  assert.deepEqual([...order].sort((a, b) => a - b), order);
  assert.ok(order[0] >= 0);
});

Deno.test("unsubscribing: List-Unsubscribe with one-click POST, a footer link, the settings link, each token signed for its topic", () => {
  const email = renderEmail(input([item({})]), site);
  assert.equal(email.headers["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
  assert.match(email.headers["List-Unsubscribe"], /^<https:\/\/project\.supabase\.co\/functions\/v1\/api\/email\/unsubscribe\?token=[^>]+>$/);
  assert.deepEqual(tokenIn(email.headers["List-Unsubscribe"], /token=([^>]+)>/), { memberId, topic: "replies" });
  assert.deepEqual(tokenIn(email.html, /href="https:\/\/archive\.example\.org\/unsubscribe\?token=([^"]+)"/), { memberId, topic: "replies" });
  assert.match(email.html, />Unsubscribe</);
  assert.match(email.html, /href="https:\/\/archive\.example\.org\/account#notifications"/);
  assert.match(email.text, /Unsubscribe: https:\/\/archive\.example\.org\/unsubscribe\?token=/);
  assert.match(email.text, /replies to your comments/);

  const digest = renderEmail(input([item({})], { batch: "digest", digestDate: "2026-12-01" }), site);
  assert.deepEqual(tokenIn(digest.headers["List-Unsubscribe"], /token=([^>]+)>/), { memberId, topic: "digest" });

  // A burst of two topics: a link for each; the header turns off the first item's.
  const mixed = renderEmail(input([item({}), item({ id: 2, kind: "post_comment", topic: "comments" })]), site);
  assert.deepEqual(tokenIn(mixed.headers["List-Unsubscribe"], /token=([^>]+)>/), { memberId, topic: "replies" });
  const links = [...mixed.text.matchAll(/unsubscribe\?token=(\S+)/g)].map((m) => verifyUnsubscribeToken(decodeURIComponent(m[1]), secret, site.now));
  assert.deepEqual(links, [{ memberId, topic: "replies" }, { memberId, topic: "comments" }]);
});
