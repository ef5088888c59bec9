import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useAdminPages } from "../hooks/use-admin-pages";

export type ReportReasonCount = {
  reason: "spam" | "harassment" | "misinformation" | "off_topic" | "other";
  count: number;
  /** The texts reporters wrote, oldest first. */
  details: string[];
};

/** An item with open reports, as GET /api/admin/reports answers (by its first report, oldest first). */
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

/** A page of the queue; `total` counts every item with open reports, not only this page's. */
export type OpenReportsPage = { reports: ReportedItem[]; nextCursor: string | null; total: number };

const OPEN_REPORTS_PAGE = 20;

export function getOpenReports(cursor: string | null, signal?: AbortSignal): Promise<OpenReportsPage> {
  return api.get<OpenReportsPage>("/admin/reports", { signal, query: { limit: OPEN_REPORTS_PAGE, cursor } });
}

/**
 * The queue a page at a time (Load more). Closing an item refetches the pages
 * shown (useModerationMutation), each after the cursor of the refetched one before it.
 */
export function useOpenReports() {
  return useAdminPages(queryKeys.openReports, getOpenReports);
}
