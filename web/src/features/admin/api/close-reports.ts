import type { ReportsClosedAnswer } from "@shared/api/moderation.ts";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { useModerationMutation } from "../hooks/use-moderation-mutation";

export type CloseReportsInput = { reportId: number; action: "dismiss" | "resolve" };

/** POST /api/admin/reports/{id}/dismiss or /resolve: closes every open report of the item. */
export function closeReports({ reportId, action }: CloseReportsInput): Promise<ReportsClosedAnswer> {
  return api.post<ReportsClosedAnswer>(`/admin/reports/${reportId}/${action}`);
}

export function useCloseReports({ mutationConfig }: { mutationConfig?: MutationConfig<typeof closeReports> } = {}) {
  return useModerationMutation(closeReports, mutationConfig);
}
