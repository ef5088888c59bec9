import type { NotificationSettingsChange } from "@shared/api/follows.ts";
import { useMutationWithCacheWork } from "@/hooks/use-refetching-mutation";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys, type Viewer } from "@/lib/query-keys";
import type { NotificationSettings } from "./get-notification-settings";

export type UpdateNotificationSettingsInput = { viewer: Viewer; change: NotificationSettingsChange };

/** PUT /api/me/notification-settings with what changes → the settings as they now are. */
export function updateNotificationSettings({ change }: UpdateNotificationSettingsInput): Promise<NotificationSettings> {
  return api.put<NotificationSettings>("/api/me/notification-settings", change);
}

export function useUpdateNotificationSettings({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateNotificationSettings> } = {}) {
  return useMutationWithCacheWork(
    updateNotificationSettings,
    (queryClient, answer, { viewer }) => queryClient.setQueryData(queryKeys.notificationSettings(viewer), answer),
    mutationConfig,
  );
}
