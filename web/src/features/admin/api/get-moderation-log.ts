import type { ModerationLogPage } from "@shared/api/moderation.ts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useAdminPages } from "../hooks/use-admin-pages";

const MODERATION_LOG_PAGE = 25;

export type { ModerationLogPage };

export function getModerationLog(cursor: string | null, signal?: AbortSignal): Promise<ModerationLogPage> {
  return api.get<ModerationLogPage>("/admin/moderation-log", { signal, query: { limit: MODERATION_LOG_PAGE, cursor } });
}

export function useModerationLog() {
  return useAdminPages(queryKeys.moderationLog, getModerationLog);
}
