import type { Standing as FullStanding } from "../api/get-standing";
import { formatDate } from "@/lib/date-format";

/** What the texts read of GET /api/me. */
type Standing = Pick<FullStanding, "adultConfirmed" | "suspension">;

/** A suspension's end as people read it, in their own time zone: "November 27, 2026 at 2:05 PM". */
export function formatSuspensionEnd(until: string, locale?: string): string {
  return formatDate(new Date(until), locale, { dateStyle: "long", timeStyle: "short" });
}

/** Why a member cannot take part, in one sentence: their suspension (until when), or the missing 18+ confirmation. */
export function standingHeadline(standing: Standing, locale?: string): string {
  const { suspension } = standing;
  if (!suspension) return "Your account has no confirmation that you are 18 or older, so it cannot take part.";
  return suspension.until ? `Your account is suspended until ${formatSuspensionEnd(suspension.until, locale)}.` : "Your account is suspended.";
}

/** What a closed write control says instead: "You cannot comment or vote while your account is suspended." */
export function closedNote(standing: Standing, action: string): string {
  return standing.suspension
    ? `You cannot ${action} while your account is suspended.`
    : `You cannot ${action} until your account has the confirmation that you are 18 or older.`;
}
