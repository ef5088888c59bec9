import type { LinkHealthPage, LinkHealthSource } from "@shared/api/link-health.ts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useAdminPages } from "../hooks/use-admin-pages";

const LINK_HEALTH_PAGE = 25;

/** A dead or moved source with every post that cites it (GET /api/admin/link-health). */
export type { LinkHealthPage, LinkHealthSource };

export function getLinkHealth(cursor: string | null, signal?: AbortSignal): Promise<LinkHealthPage> {
  return api.get<LinkHealthPage>("/admin/link-health", { signal, query: { limit: LINK_HEALTH_PAGE, cursor } });
}

export function useLinkHealth() {
  return useAdminPages(queryKeys.linkHealth, getLinkHealth);
}
