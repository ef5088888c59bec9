import type { UnreadCount } from "@shared/api/notifications.ts";
import type { InfiniteData } from "@tanstack/react-query";
import { useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import type { NotificationPage } from "./get-notifications";

/** `ids` left out marks every one of the member's notifications read. */
export type MarkNotificationsReadInput = { userId: string; ids?: number[] };

/** POST /api/notifications/read { ids } → { unread }: the ones named, if they are the caller's; without ids, all of them. */
export async function markNotificationsRead({ ids }: MarkNotificationsReadInput): Promise<UnreadCount> {
  return api.post<UnreadCount>("/api/notifications/read", ids ? { ids } : {});
}

type Cached = NotificationPage | InfiniteData<NotificationPage>;

/**
 * Marks notifications read; every cached list of them (the bell's, its older
 * pages, the notifications page) shows them read and the count is the server's.
 */
export function useMarkNotificationsRead({ mutationConfig }: { mutationConfig?: MutationConfig<typeof markNotificationsRead> } = {}) {
  return useMutationWithCacheWork(
    markNotificationsRead,
    (queryClient, answer, input) => {
      const readAt = new Date().toISOString();
      const markPage = (page: NotificationPage): NotificationPage => ({
        ...page,
        unread: answer.unread,
        notifications: page.notifications.map((n) => (!n.read_at && (!input.ids || input.ids.includes(n.id)) ? { ...n, read_at: readAt } : n)),
      });
      queryClient.setQueriesData<Cached>({ queryKey: queryKeys.notificationsOf(input.userId) }, (cached) => {
        if (!cached) return cached;
        return "pages" in cached ? { ...cached, pages: cached.pages.map(markPage) } : markPage(cached);
      });
    },
    mutationConfig,
  );
}
