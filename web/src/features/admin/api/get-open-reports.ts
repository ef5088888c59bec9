import type { ReportQueuePage } from "@shared/api/moderation.ts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useAdminPages } from "../hooks/use-admin-pages";

/** An item with open reports, as GET /api/admin/reports answers (by its first report, oldest first). */
export type ReportedItem = ReportQueuePage["reports"][number];
export type ReportReasonCount = ReportedItem["reasons"][number];

/** A page of the queue; `total` counts every item with open reports, not only this page's. */
export type OpenReportsPage = ReportQueuePage;

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
