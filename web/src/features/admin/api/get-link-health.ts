import type { PostSource } from "@shared/post-source.ts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useAdminPages } from "../hooks/use-admin-pages";

const LINK_HEALTH_PAGE = 25;

/** A dead or moved source with every post that cites it (GET /api/admin/link-health). */
export type LinkHealthSource = Pick<PostSource, "url" | "host" | "checked_at" | "archived_url" | "archived_at"> & {
  state: "dead" | "moved";
  moved_to: string | null;
  posts: { id: number; title: string; status: "pending" | "approved" | "rejected" }[];
};

export type LinkHealthPage = { sources: LinkHealthSource[]; nextCursor: string | null };

export function getLinkHealth(cursor: string | null, signal?: AbortSignal): Promise<LinkHealthPage> {
  return api.get<LinkHealthPage>("/admin/link-health", { signal, query: { limit: LINK_HEALTH_PAGE, cursor } });
}

export function useLinkHealth() {
  return useAdminPages(queryKeys.linkHealth, getLinkHealth);
}
