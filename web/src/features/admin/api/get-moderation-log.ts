import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { ModerationLogEntry } from "@/types/api";
import { useAdminPages } from "../hooks/use-admin-pages";

const MODERATION_LOG_PAGE = 25;

export type ModerationLogPage = { entries: ModerationLogEntry[]; nextCursor: string | null };

export function getModerationLog(cursor: string | null, signal?: AbortSignal): Promise<ModerationLogPage> {
  return api.get<ModerationLogPage>("/admin/moderation-log", { signal, query: { limit: MODERATION_LOG_PAGE, cursor } });
}

export function useModerationLog() {
  return useAdminPages(queryKeys.moderationLog, getModerationLog);
}
