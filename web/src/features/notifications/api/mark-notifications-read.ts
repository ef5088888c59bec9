import type { UnreadCount } from "@shared/api/notifications.ts";
import { useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import type { NotificationPage } from "./get-notifications";

export type MarkNotificationsReadInput = { userId: string; ids: number[] };

/** POST /api/notifications/read { ids } → { unread }: the ones named, if they are the caller's. */
export async function markNotificationsRead({ ids }: MarkNotificationsReadInput): Promise<UnreadCount> {
  return api.post<UnreadCount>("/api/notifications/read", { ids });
}

/** Marks the shown notifications read; the cached list shows them read and the count is the server's. */
export function useMarkNotificationsRead({ mutationConfig }: { mutationConfig?: MutationConfig<typeof markNotificationsRead> } = {}) {
  return useMutationWithCacheWork(
    markNotificationsRead,
    (queryClient, answer, input) => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<NotificationPage>(queryKeys.notificationsOf(input.userId), (page) =>
        page && {
          ...page,
          unread: answer.unread,
          notifications: page.notifications.map((n) => (input.ids.includes(n.id) && !n.read_at ? { ...n, read_at: readAt } : n)),
        },
      );
    },
    mutationConfig,
  );
}
