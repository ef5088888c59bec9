/**
 * The notification e-mails: one outbox row (EmailInput) becomes a subject, an
 * HTML part in the site's own look and a plain-text part that says the same.
 *
 * - one item: an e-mail about that one thing ("Alex replied to your comment on “X”");
 * - several at once (a burst): one e-mail listing them, grouped by post;
 * - a digest: "Your daily digest", grouped by topic.
 *
 * Mail clients ignore style sheets and CSS variables, so the styles are inline
 * and the colours are the light theme's tokens (web/src/styles/global.css).
 * Every link is absolute to the site, every value escaped.
 *
 * Unsubscribing: every e-mail carries a signed link per topic it contains (a
 * digest one link for "digest"), in its footer, and the first item's topic
 * (the digest's "digest") as List-Unsubscribe with List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click (RFC 8058), which a mail client can only offer
 * once. The drain sends one topic per immediate e-mail in practice; a mixed
 * burst still lets each of its topics be turned off from the footer.
 */
import { unsubscribeTopicAbout } from "../../_shared/api/email.ts";
import { env } from "../env.ts";
import { signUnsubscribeToken, type UnsubscribeTopic, unsubscribeTokenExpiry } from "./unsubscribe-token.ts";
import type { EmailInput, EmailItem, NotificationTopic, RenderedEmail } from "./types.ts";

export interface SiteForEmail {
  /** The site's origin: every link in the e-mail points there. */
  siteUrl: string;
  /** Where /api is served from outside a browser (the function's URL): the one-click unsubscribe goes there. */
  apiUrl: string;
  now: Date;
  siteName?: string;
  /** EMAIL_TOKEN_SECRET unless given (tests). */
  tokenSecret?: string;
}

/** The light theme's tokens (web/src/styles/global.css :root). */
const colors = {
  bg: "#f7f7f5",
  surface: "#ffffff",
  text: "#1d2329",
  muted: "#5b6570",
  border: "#d9dde1",
  primary: "#1f4e79",
  primaryContrast: "#ffffff",
  quoteBg: "#e8f0f8",
};
const font = `system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif`;

const topicOrder: NotificationTopic[] = ["decisions", "replies", "comments", "account", "following"];

/** The digest's section headings, one per topic. */
const topicHeading: Record<NotificationTopic, string> = {
  decisions: "Your contributions",
  replies: "Replies to your comments",
  comments: "Comments on your posts",
  account: "Your account",
  following: "What you follow",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Text as it reads in a sentence: no line breaks or runs of spaces from the stored value. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

const quoted = (title: string | null) => (title ? `“${oneLine(title)}”` : "a post");
const actor = (name: string | null) => (name ? oneLine(name) : "Someone");
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 December 2026", or null for "infinity" or a value that is no date. */
function longDate(iso: string, timeZone = "UTC"): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone }).format(date);
}

interface Described {
  /** One sentence, for a subject or a list line. */
  line: string;
  /** Where it happened (absolute). */
  url: string;
  /** The button's label in an e-mail about this one item. */
  action: string;
  /** A quoted comment, when there is one. */
  excerpt: string | null;
  /** A further line (the reason a moderator gave, a suspension's end). */
  note: string | null;
}

function describe(item: EmailItem, siteUrl: string): Described {
  const post = item.postId === null ? `${siteUrl}/` : `${siteUrl}/posts/${item.postId}`;
  const comment = item.postId !== null && item.commentId !== null ? `${post}#comment-${item.commentId}` : post;
  const title = quoted(item.postTitle);
  const reason = item.reason ? `Reason: ${oneLine(item.reason)}` : null;
  const excerpt = item.commentExcerpt ? oneLine(item.commentExcerpt) : null;
  const base = { excerpt: null, note: null };
  switch (item.kind) {
    case "post_published":
      return { ...base, line: `Your post ${title} was published`, url: post, action: "View your post" };
    case "post_rejected":
      return { ...base, line: `Your post ${title} was not published`, url: `${siteUrl}/me`, action: "See your contributions", note: reason };
    case "edit_applied":
      return { ...base, line: `Your suggested edit to ${title} was applied`, url: post, action: "View the post" };
    case "edit_rejected":
      return { ...base, line: `Your suggested edit to ${title} was not applied`, url: `${siteUrl}/me`, action: "See your contributions", note: reason };
    case "comment_reply":
      return { ...base, line: `${actor(item.actorName)} replied to your comment on ${title}`, url: comment, action: "View the reply", excerpt };
    case "post_comment":
      return { ...base, line: `${actor(item.actorName)} commented on your post ${title}`, url: comment, action: "View the comment", excerpt };
    case "followed_post_comment":
      return { ...base, line: `${actor(item.actorName)} commented on ${title}, a post you follow`, url: comment, action: "View the comment", excerpt };
    case "followed_tag_post":
      return { ...base, line: `New post in #${oneLine(item.tag ?? "")}: ${title}`, url: post, action: "Read the post" };
    case "followed_author_post":
      return { ...base, line: `${actor(item.actorName)} published ${title}`, url: post, action: "Read the post" };
    case "member_suspended": {
      const until = item.suspendedUntil && item.suspendedUntil !== "infinity" ? longDate(item.suspendedUntil) : null;
      return {
        ...base,
        line: "Your account has been suspended",
        url: `${siteUrl}/contact`,
        action: "Contact us",
        note: [until ? `You can post and comment again from ${until}.` : "The suspension has no end date.", reason].filter(Boolean).join(" "),
      };
    }
    case "member_unsuspended":
      return { ...base, line: "Your account is no longer suspended", url: `${siteUrl}/`, action: "Go to the archive", note: "You can post and comment again." };
  }
}

/** The subject of an e-mail listing several items at once. */
function burstSubject(items: EmailItem[]): string {
  const n = items.length;
  const kinds = new Set(items.map((item) => item.kind));
  const posts = new Set(items.map((item) => item.postId));
  if (kinds.size === 1 && posts.size === 1 && items[0].postId !== null) {
    const title = quoted(items[0].postTitle);
    switch (items[0].kind) {
      case "comment_reply":
        return `${plural(n, "new reply", "new replies")} on ${title}`;
      case "post_comment":
        return `${plural(n, "new comment", "new comments")} on your post ${title}`;
      case "followed_post_comment":
        return `${plural(n, "new comment", "new comments")} on ${title}`;
    }
  }
  const topics = new Set(items.map((item) => item.topic));
  if (topics.size === 1) {
    switch (items[0].topic) {
      case "replies":
        return `${plural(n, "new reply", "new replies")} to your comments`;
      case "comments":
        return `${plural(n, "new comment", "new comments")} on your posts`;
      case "decisions":
        return `${plural(n, "decision", "decisions")} on your contributions`;
      case "account":
        return `${plural(n, "update", "updates")} about your account`;
      case "following":
        return `${plural(n, "new post or comment", "new posts and comments")} you follow`;
    }
  }
  return `${plural(n, "new notification", "new notifications")}`;
}

interface Group {
  heading: string | null;
  headingUrl: string | null;
  items: EmailItem[];
}

/** A burst's items by post, in the order each post first appears; items without a post last, together. */
function byPost(items: EmailItem[], siteUrl: string): Group[] {
  const groups = new Map<number | null, EmailItem[]>();
  for (const item of items) groups.set(item.postId, [...(groups.get(item.postId) ?? []), item]);
  const ordered = [...groups.entries()].sort(([a], [b]) => Number(a === null) - Number(b === null));
  return ordered.map(([postId, list]) => ({
    heading: postId === null ? (ordered.length > 1 ? "Other" : null) : quoted(list[0].postTitle),
    headingUrl: postId === null ? null : `${siteUrl}/posts/${postId}`,
    items: list,
  }));
}

/** A digest's items by topic, in a fixed order. */
function byTopic(items: EmailItem[]): Group[] {
  return topicOrder
    .map((topic) => ({ heading: topicHeading[topic], headingUrl: null, items: items.filter((item) => item.topic === topic) }))
    .filter((group) => group.items.length > 0);
}

// --- HTML pieces --------------------------------------------------------------

const p = (html: string, style = "") => `<p style="margin:0 0 16px;${style}">${html}</p>`;
const link = (url: string, label: string, style = "") =>
  `<a href="${escapeHtml(url)}" style="color:${colors.primary};text-decoration:underline;${style}">${escapeHtml(label)}</a>`;

function button(url: string, label: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px"><tr>
<td style="background:${colors.primary};border-radius:6px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;font-family:${font};font-size:16px;font-weight:600;line-height:1.25;color:${colors.primaryContrast};text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></td>
</tr></table>`;
}

const quote = (text: string) =>
  `<blockquote style="margin:0 0 16px;padding:12px 16px;background:${colors.quoteBg};border-left:4px solid ${colors.primary};border-radius:6px;color:${colors.text}">${escapeHtml(text)}</blockquote>`;

function itemListHtml(items: EmailItem[], siteUrl: string): string {
  const rows = items.map((item) => {
    const d = describe(item, siteUrl);
    const extra = [
      d.excerpt ? `<br><span style="color:${colors.muted}">“${escapeHtml(d.excerpt)}”</span>` : "",
      d.note ? `<br><span style="color:${colors.muted}">${escapeHtml(d.note)}</span>` : "",
    ].join("");
    return `<li style="margin:0 0 12px">${link(d.url, d.line)}${extra}</li>`;
  });
  return `<ul style="margin:0 0 16px;padding-left:20px">${rows.join("")}</ul>`;
}

function groupsHtml(groups: Group[], siteUrl: string): string {
  return groups
    .map((group) => {
      const heading = group.heading === null
        ? ""
        : `<h2 style="margin:24px 0 8px;font-size:17px;line-height:1.25;font-weight:700;color:${colors.text}">${
          group.headingUrl ? link(group.headingUrl, group.heading, `color:${colors.text}`) : escapeHtml(group.heading)
        }</h2>`;
      return heading + itemListHtml(group.items, siteUrl);
    })
    .join("");
}

interface Footer {
  why: string;
  unsubscribeLinks: { about: string; url: string }[];
  settingsUrl: string;
}

function layoutHtml(options: { siteName: string; siteUrl: string; preheader: string; title: string; body: string; footer: Footer }): string {
  const { siteName, siteUrl, preheader, title, body, footer } = options;
  const unsubscribe = footer.unsubscribeLinks
    .map(({ about, url }) =>
      footer.unsubscribeLinks.length === 1 ? link(url, "Unsubscribe", `color:${colors.muted}`) : `${link(url, "Unsubscribe", `color:${colors.muted}`)} from e-mails about ${escapeHtml(about)}`
    )
    .join("<br>");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:${colors.bg};color:${colors.text};font-family:${font};font-size:16px;line-height:1.55">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${colors.bg}">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px">
<tr><td style="padding:0 4px 16px;font-size:20px;font-weight:800;line-height:1.25">${link(`${siteUrl}/`, siteName, `color:${colors.text};text-decoration:none`)}</td></tr>
<tr><td style="background:${colors.surface};border:1px solid ${colors.border};border-radius:6px;padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.25;font-weight:700;color:${colors.text}">${escapeHtml(title)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 4px;font-size:14px;line-height:1.55;color:${colors.muted}">
${p(escapeHtml(footer.why), `color:${colors.muted}`)}
${p(`${unsubscribe}<br>${link(footer.settingsUrl, "Choose which e-mails you get", `color:${colors.muted}`)}`, `color:${colors.muted}`)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

// --- plain text -----------------------------------------------------------------

function itemText(item: EmailItem, siteUrl: string): string {
  const d = describe(item, siteUrl);
  return [`- ${d.line}`, d.excerpt ? `  “${d.excerpt}”` : "", d.note ? `  ${d.note}` : "", `  ${d.url}`].filter(Boolean).join("\n");
}

function groupsText(groups: Group[], siteUrl: string): string {
  return groups
    .map((group) => [group.heading ? `${group.heading}${group.headingUrl ? ` (${group.headingUrl})` : ""}` : "", ...group.items.map((item) => itemText(item, siteUrl))].filter(Boolean).join("\n"))
    .join("\n\n");
}

function footerText(footer: Footer): string {
  const unsubscribe = footer.unsubscribeLinks.map(({ about, url }) =>
    footer.unsubscribeLinks.length === 1 ? `Unsubscribe: ${url}` : `Unsubscribe from e-mails about ${about}: ${url}`
  );
  return ["--", footer.why, ...unsubscribe, `Choose which e-mails you get: ${footer.settingsUrl}`].join("\n");
}

// --- the e-mail ---------------------------------------------------------------

export function renderEmail(input: EmailInput, site: SiteForEmail): RenderedEmail {
  if (input.items.length === 0) throw new Error(`outbox row ${input.outboxId} has no items`);
  const siteUrl = new URL(site.siteUrl).origin;
  const apiUrl = site.apiUrl.replace(/\/$/, "");
  const siteName = site.siteName ?? env.siteName;
  const name = oneLine(input.recipientName) || "there";
  const items = [...input.items];

  // One token per kind of e-mail this one contains; the first is the one-click header's.
  const topics: UnsubscribeTopic[] = input.batch === "digest" ? ["digest"] : [...new Set(items.map((item) => item.topic))];
  const expiresAt = unsubscribeTokenExpiry(site.now);
  const tokens = topics.map((topic) => ({
    topic,
    token: signUnsubscribeToken({ memberId: input.recipientId, topic, expiresAt }, site.tokenSecret),
  }));
  const footer: Footer = {
    why: input.batch === "digest"
      ? `You get this daily digest because you chose it for some notifications on ${siteName}.`
      : `You get this e-mail because you chose e-mails about ${topics.map((topic) => unsubscribeTopicAbout[topic]).join(" and ")} on ${siteName}.`,
    unsubscribeLinks: tokens.map(({ topic, token }) => ({
      about: unsubscribeTopicAbout[topic],
      url: `${siteUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
    })),
    settingsUrl: `${siteUrl}/account#notifications`,
  };
  const headers = {
    "List-Unsubscribe": `<${apiUrl}/email/unsubscribe?token=${encodeURIComponent(tokens[0].token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };

  let subject: string;
  let title: string;
  let bodyHtml: string;
  let bodyText: string;
  const greeting = `Hello ${name},`;

  if (input.batch === "digest") {
    const date = input.digestDate ? longDate(`${input.digestDate}T12:00:00Z`) : null;
    subject = `Your daily digest: ${plural(items.length, "notification", "notifications")}`;
    title = "Your daily digest";
    const intro = `here is what happened${date ? ` on ${date}` : ""}: ${plural(items.length, "notification", "notifications")}.`;
    const groups = byTopic(items);
    bodyHtml = p(`${escapeHtml(greeting)} ${escapeHtml(intro)}`) + groupsHtml(groups, siteUrl) + button(`${siteUrl}/notifications`, "See all notifications");
    bodyText = `${greeting} ${intro}\n\n${groupsText(groups, siteUrl)}\n\nSee all notifications: ${siteUrl}/notifications`;
  } else if (items.length === 1) {
    const d = describe(items[0], siteUrl);
    subject = d.line;
    title = d.line;
    bodyHtml = p(escapeHtml(greeting)) +
      p(`${escapeHtml(d.line)}.`) +
      (d.excerpt ? quote(d.excerpt) : "") +
      (d.note ? p(escapeHtml(d.note)) : "") +
      button(d.url, d.action) +
      p(`Or open this link: ${link(d.url, d.url, "word-break:break-all")}`, `font-size:14px;color:${colors.muted}`);
    bodyText = [greeting, `${d.line}.`, d.excerpt ? `“${d.excerpt}”` : "", d.note ?? "", `${d.action}: ${d.url}`].filter(Boolean).join("\n\n");
  } else {
    subject = burstSubject(items);
    title = subject;
    const groups = byPost(items, siteUrl);
    bodyHtml = p(escapeHtml(greeting)) + groupsHtml(groups, siteUrl) + button(`${siteUrl}/notifications`, "See all notifications");
    bodyText = `${greeting}\n\n${groupsText(groups, siteUrl)}\n\nSee all notifications: ${siteUrl}/notifications`;
  }

  return {
    subject,
    html: layoutHtml({ siteName, siteUrl, preheader: subject, title, body: bodyHtml, footer }),
    text: `${bodyText}\n\n${footerText(footer)}\n`,
    headers,
  };
}
