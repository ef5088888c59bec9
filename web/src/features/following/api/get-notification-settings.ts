import type { Delivery, NotificationSettings, NotificationTopic } from "@shared/api/follows.ts";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys, type Viewer } from "@/lib/query-keys";

export type { Delivery, NotificationSettings, NotificationTopic };

/** GET /api/me/notification-settings: per topic how the member hears of it, and when their digest goes out. */
export function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return api.get<NotificationSettings>("/api/me/notification-settings", { signal });
}

export function useNotificationSettings(viewer: Viewer) {
  return useQuery({ queryKey: queryKeys.notificationSettings(viewer), queryFn: ({ signal }) => getNotificationSettings(signal) });
}
