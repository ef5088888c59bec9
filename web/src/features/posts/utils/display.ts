/**
 * Display rules of SPEC §2 and §9, as pure functions (unit-tested in display.test.ts).
 */
import { dateFormat, formatDate } from "@/lib/date-format";
import { isUnknownTime } from "@/lib/post-fields-parse";
import type { Media, Post } from "@/types/api";
import { firstParagraph, previewText } from "./preview-text";

export { displayTitle } from "@shared/display-title.ts";

/** Tag filter (SPEC §5): Enter adds a trimmed, lowercased, de-duplicated tag. Returns the same list when nothing is added. */
export function addTag(tags: string[], input: string): string[] {
  const tag = input.trim().toLowerCase();
  if (!tag || tags.includes(tag)) return tags;
  return [...tags, tag];
}

/**
 * SPEC §4: the event time is unknown when it is exactly midnight. The forms
 * store a date without a time as midnight UTC (lib/post-fields), so it is read in UTC.
 */
export function isEventTimeUnknown(eventTimestamp: string | null | undefined): boolean {
  if (!eventTimestamp) return false;
  const date = new Date(eventTimestamp);
  return !Number.isNaN(date.getTime()) && isUnknownTime(date);
}

/**
 * SPEC §2 (timeline): the first 150 characters of the content (as plain
 * text, utils/preview-text.ts) plus an ellipsis; a cut that ends on a space
 * or between two blocks loses them, so the ellipsis follows a word.
 */
export const EXCERPT_LENGTH = 150;
export function timelineExcerpt(content: string | null | undefined, length = EXCERPT_LENGTH): string {
  const text = (content ?? "").trim();
  if (!text) return "";
  return `${text.slice(0, length).replace(/(\s·)?\s*$/, "")}…`;
}

/**
 * What the timeline shows of a post: its excerpt (the author's own summary),
 * else the first paragraph of its content, else whatever text the content
 * has, by the 150-character rule above. Not the content's opening as it
 * stands, which is often a heading and the same boilerplate list on many posts.
 * A whole sentence's closing full stop gives way to the ellipsis.
 */
export function timelinePreview(post: Pick<Post, "excerpt" | "content">): string {
  const text = post.excerpt.trim() || firstParagraph(post.content) || previewText(post.content);
  return timelineExcerpt(text.length > EXCERPT_LENGTH ? text : text.replace(/(?<!\.)\.$/, ""));
}

/** A calendar day as YYYY-MM-DD in `timeZone` (an IANA name: the visitor's, or UTC). */
export function dayKey(date: Date, timeZone: string): string {
  // UTC's day is the ISO date's, without ICU (a server render and a page being hydrated are in UTC).
  if (timeZone === "UTC") {
    const iso = date.toISOString();
    if (/^\d{4}-/.test(iso)) return iso.slice(0, 10);
  }
  const parts = dateFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(date);
  const value = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? "";
  return `${value("year").padStart(4, "0")}-${value("month")}-${value("day")}`;
}

/** SPEC §9: the grouping date is the event date, else the creation date, as days in `timeZone` (an event with unknown time keeps its UTC day). */
export function groupingDay(post: Pick<Post, "event_timestamp" | "created_at">, timeZone: string): string {
  if (post.event_timestamp) {
    const event = new Date(post.event_timestamp);
    if (!Number.isNaN(event.getTime())) return dayKey(event, isEventTimeUnknown(post.event_timestamp) ? "UTC" : timeZone);
  }
  return dayKey(new Date(post.created_at), timeZone);
}

export type DayGroup<T> = { day: string; posts: T[] };

/** Groups posts by their grouping day in `timeZone`, keeping the order in which days first appear (the server's order). */
export function groupByDay<T extends Pick<Post, "event_timestamp" | "created_at">>(posts: T[], timeZone: string): DayGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const post of posts) {
    const day = groupingDay(post, timeZone);
    const list = groups.get(day);
    if (list) list.push(post);
    else groups.set(day, [post]);
  }
  return [...groups].map(([day, list]) => ({ day, posts: list }));
}

/** Newest day first (the timeline). */
export function groupByDayNewestFirst<T extends Pick<Post, "event_timestamp" | "created_at">>(posts: T[], timeZone: string): DayGroup<T>[] {
  return groupByDay(posts, timeZone).sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
}

/** "Saturday, November 22, 2026" (SPEC §2: today's date in long form), the day in `timeZone`. */
export function formatLongDate(date: Date, timeZone: string, locale = "en-US"): string {
  return formatDate(date, locale, { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone });
}

/** A YYYY-MM-DD day key as "November 22, 2026": the same day in every zone. */
export function formatDayKey(day: string, locale = "en-US"): string {
  const [y, m, d] = day.split("-").map(Number);
  const date = new Date(Date.UTC(2000, m - 1, d));
  // As written: Date.UTC would read years below 100 as 19xx.
  date.setUTCFullYear(y);
  return formatDate(date, locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** "Nov 22, 2026" or, with a known event time, "Nov 22, 2026, 7:30 PM" in `timeZone`. */
export function formatEventDate(eventTimestamp: string, timeZone: string, locale = "en-US"): string {
  const date = new Date(eventTimestamp);
  if (isEventTimeUnknown(eventTimestamp)) {
    return formatDate(date, locale, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  }
  return formatDate(date, locale, { year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZone });
}

/** "Nov 22, 2026, 7:30 PM" in `timeZone`. */
export function formatDateTime(iso: string, timeZone: string, locale = "en-US"): string {
  return formatDate(new Date(iso), locale, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone });
}

/** SPEC §2: the pinned and important images come from /images/{image_url}; media urls are already site-relative. */
export function imageUrl(fileName: string | null | undefined): string | null {
  if (!fileName) return null;
  if (/^(https?:)?\/\//.test(fileName) || fileName.startsWith("/")) return fileName;
  return `/images/${fileName.split("/").map(encodeURIComponent).join("/")}`;
}

/** An image to show, with its stored size when known. */
export type ShownImage = Pick<Media, "url" | "width" | "height">;

/** The first image of a post (media list first, else image_url when it is an image). */
export function firstImage(post: Pick<Post, "media" | "image_url" | "media_type" | "thumbnail_url">): ShownImage | null {
  const media = post.media?.find((item) => item.media_type === "image");
  if (media) return media;
  const url = post.image_url && post.media_type !== "video" ? imageUrl(post.image_url) : imageUrl(post.thumbnail_url);
  return url ? { url, width: null, height: null } : null;
}

/** The post type as a badge label ("event" → "Event"). */
export function typeLabel(postType: string): string {
  const text = postType.replace(/[_-]+/g, " ").trim();
  return text ? text[0].toUpperCase() + text.slice(1) : "Post";
}

/** "1 comment", "3 comments". */
export function commentCountLabel(count: number): string {
  return `${count} ${count === 1 ? "comment" : "comments"}`;
}
