import type { Notification, NotificationPage } from "@shared/api/notifications.ts";
import { queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** One entry of GET /api/notifications. */
export type { Notification, NotificationPage };
export type NotificationKind = Notification["kind"];

/** The newest notifications shown in the list; the count covers them all. */
const pageSize = 20;

export function getNotifications(signal?: AbortSignal, cursor?: string): Promise<NotificationPage> {
  return api.get<NotificationPage>("/api/notifications", { query: { limit: pageSize, cursor }, signal });
}

// The bell is the only place a member hears of replies and reviews: its count
// is kept fresh while the page is open, unlike the 5-minute cache of posts.
const refreshMs = 60_000;

export const notificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.notificationsOf(userId),
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: refreshMs / 2,
    refetchInterval: refreshMs,
    refetchOnWindowFocus: true,
  });

/** The signed-in user's newest notifications and how many are unread. */
export function useNotifications(userId: string) {
  return useQuery(notificationsQueryOptions(userId));
}

/**
 * The pages after the newest ones, from `after` (the first page's nextCursor),
 * fetched only once the member asks for them (`enabled`).
 */
export function useOlderNotifications(userId: string, after: string | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.notificationsOf(userId), "older", after],
    queryFn: ({ signal, pageParam }) => getNotifications(signal, pageParam),
    initialPageParam: after ?? "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: enabled && after !== null,
  });
}

/** Every notification, for the notifications page: the newest page first, older ones as the member asks for them. */
export function useAllNotifications(userId: string) {
  return useInfiniteQuery({
    queryKey: [...queryKeys.notificationsOf(userId), "all"],
    queryFn: ({ signal, pageParam }) => getNotifications(signal, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: refreshMs / 2,
  });
}
