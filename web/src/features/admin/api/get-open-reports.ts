import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type ReportReasonCount = {
  reason: "spam" | "harassment" | "misinformation" | "off_topic" | "other";
  count: number;
  /** The texts reporters wrote, oldest first. */
  details: string[];
};

/** An item with open reports, as GET /api/admin/reports answers (oldest first). */
export type ReportedItem = {
  /** One of the item's reports: dismissing or resolving it closes them all. */
  report_id: number;
  kind: "post" | "comment";
  post_id: number;
  comment_id: number | null;
  /** null once the post is gone. */
  post_title: string | null;
  /** The comment's text or the post's excerpt; null once the item is gone. */
  excerpt: string | null;
  author_id: string | null;
  author_name: string | null;
  report_count: number;
  first_reported_at: string;
  reasons: ReportReasonCount[];
};

export function getOpenReports(signal?: AbortSignal): Promise<ReportedItem[]> {
  return api.get<{ reports: ReportedItem[] }>("/admin/reports", { signal }).then((data) => data.reports ?? []);
}

export function useOpenReports() {
  return useQuery({ queryKey: queryKeys.openReports, queryFn: ({ signal }) => getOpenReports(signal), staleTime: 0 });
}
