import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";

export type ReportReason = "spam" | "harassment" | "misinformation" | "off_topic" | "other";

/** The reasons in the order the report dialog offers them. */
export const reportReasons: readonly { value: ReportReason; label: string }[] = [
  { value: "spam", label: "Spam" },
  { value: "harassment", label: "Harassment" },
  { value: "misinformation", label: "Misinformation" },
  { value: "off_topic", label: "Not about the subject" },
  { value: "other", label: "Other" },
];

export const REPORT_DETAILS_MAX_LENGTH = 500;

export type ReportTarget = { kind: "post" | "comment"; id: number };
export type ReportInput = { target: ReportTarget; reason: ReportReason; details: string };

/**
 * POST /api/posts/{id}/report or /api/comments/{id}/report. Whether "Other"
 * has its text and whether this member reported the item before are the
 * server's answers, shown as they are.
 */
export function reportItem({ target, reason, details }: ReportInput): Promise<{ message?: string }> {
  const text = details.trim();
  return api.post(`/${target.kind}s/${target.id}/report`, { reason, details: text || null });
}

/** Nothing on screen lists a member's reports, so nothing is refetched. */
export function useReportItem({ mutationConfig }: { mutationConfig?: MutationConfig<typeof reportItem> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: reportItem });
}
