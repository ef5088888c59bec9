/** When a revision was made, as readers see dates elsewhere ("Nov 23, 2026, 5:46 PM"), in `timeZone`. */
import { formatDate } from "@/lib/date-format";
export function formatRevisionDate(iso: string, timeZone: string, locale = "en-US"): string {
  return formatDate(new Date(iso), locale, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone });
}
