/** "2026-11" (the API's member_since) as "November 2026". */
import { formatDate } from "@/lib/date-format";
export function formatMemberSince(month: string, locale = "en-US"): string {
  const [year, monthNumber] = month.split("-").map(Number);
  if (!year || !monthNumber) return month;
  return formatDate(new Date(year, monthNumber - 1, 1), locale, { year: "numeric", month: "long" });
}

/** "1 published post", "3 published posts". */
export function publishedPostsLabel(count: number): string {
  return `${count} published ${count === 1 ? "post" : "posts"}`;
}
