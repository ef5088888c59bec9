import type { PostStatus, ReviewStatus } from "../types";
import { formatDate as formatInstant } from "@/lib/date-format";

/** What became of a post, as its author reads it. */
export const postStateLabel: Record<PostStatus, string> = {
  pending: "Pending review",
  approved: "Published",
  rejected: "Rejected",
};

/** What became of an edit suggestion, as its author reads it. */
export const editSuggestionStateLabel: Record<ReviewStatus, string> = {
  pending: "Pending",
  approved: "Applied",
  rejected: "Rejected",
};

/** A general suggestion's status; "new" is all a member's suggestion has until the operators use more. */
export function suggestionStateLabel(status: string): string {
  return status === "new" ? "Received" : status.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase());
}

export type Tone = "pending" | "done" | "refused";
export const toneOf = (status: PostStatus | ReviewStatus): Tone =>
  status === "pending" ? "pending" : status === "approved" ? "done" : "refused";

export function formatDate(iso: string, locale = "en-US"): string {
  return formatInstant(new Date(iso), locale, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}
