import type { Post } from "@/types/api";
import { groupByDayNewestFirst, type DayGroup } from "./display";
import { formatDate } from "@/lib/date-format";

type Dated = Pick<Post, "event_timestamp" | "created_at">;

/** A month of the timeline (YYYY-MM, the anchor its index links to) and its days, newest first. */
export type MonthGroup<T> = { month: string; days: DayGroup<T>[] };

/** The timeline's posts by month, then by day (the grouping day of SPEC §9 in `timeZone`), newest first. */
export function groupByMonthNewestFirst<T extends Dated>(posts: T[], timeZone: string): MonthGroup<T>[] {
  const months: MonthGroup<T>[] = [];
  for (const day of groupByDayNewestFirst(posts, timeZone)) {
    const month = day.day.slice(0, 7);
    const last = months.at(-1);
    if (last?.month === month) last.days.push(day);
    else months.push({ month, days: [day] });
  }
  return months;
}

/** The month of "2025-04": "April", or in the short style "Apr". */
export function monthName(month: string, style: "long" | "short" = "long", locale = "en-US"): string {
  const number = Number(month.slice(5, 7));
  return formatDate(new Date(Date.UTC(2000, number - 1, 1)), locale, { month: style, timeZone: "UTC" });
}

/** "2025-04" as "April 2025" (or "Apr 2025"); the year as written (a Date would render years below 100 as 19xx). */
export function formatMonth(month: string, style: "long" | "short" = "long", locale = "en-US"): string {
  return `${monthName(month, style, locale)} ${Number(month.slice(0, 4))}`;
}

/** The index's months (newest first) by year, newest first. */
export function monthsByYear(months: readonly string[]): { year: string; months: string[] }[] {
  const years: { year: string; months: string[] }[] = [];
  for (const month of months) {
    const year = month.slice(0, 4);
    const last = years.at(-1);
    if (last?.year === year) last.months.push(month);
    else years.push({ year, months: [month] });
  }
  return years;
}

/**
 * Where a jump to `target` lands among the months shown (newest first): the
 * month itself, else the newest one before it (a month the reader's time zone
 * puts a post in differently), else the oldest shown.
 */
export function landingMonth(target: string, shown: readonly string[]): string | undefined {
  return shown.find((month) => month <= target) ?? shown.at(-1);
}
