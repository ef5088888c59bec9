/** The admins' report queue (private.open_reports), read page by page as a caller. */
import type { Tx } from "./database.ts";

/** An item of the admins' report queue: a post or comment with its open reports. */
export interface QueuedReportItem {
  /** The item's first open report: its place in the queue, and the id that closes the item. */
  report_id: number;
  post_id: number;
  comment_id: number | null;
  report_count: number;
  first_reported_at: string;
  [field: string]: unknown;
}

/** A page of private.open_reports: `next` is the cursor after it, null at the end. */
export interface ReportQueuePage {
  reports: QueuedReportItem[];
  next: { key: string; id: number } | null;
  total: number;
}

/** One page of the admins' report queue, read as the caller of `tx`. */
export async function reportQueuePage(tx: Tx, limit: number, after: ReportQueuePage["next"] = null): Promise<ReportQueuePage> {
  const [row] = await tx<{ page: ReportQueuePage }[]>`
    select private.open_reports(${limit}, ${after?.key ?? null}::text, ${after?.id ?? null}::bigint) as page`;
  return row.page;
}

/** The whole report queue, page after page, read as the caller of `tx`. */
export async function allOpenReports(tx: Tx): Promise<QueuedReportItem[]> {
  let page = await reportQueuePage(tx, 100);
  const items = [...page.reports];
  while (page.next) {
    page = await reportQueuePage(tx, 100, page.next);
    items.push(...page.reports);
  }
  return items;
}
