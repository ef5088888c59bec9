import { queryOptions, useQuery } from "@tanstack/react-query";
import { type LastBackupAnswer, lastBackupAnswer } from "@shared/api/backups.ts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type LastBackup = NonNullable<LastBackupAnswer["backup"]>;

/** GET /api/admin/backups/latest: the last backup recorded, or null (admins). */
export function getLastBackup(signal?: AbortSignal): Promise<LastBackup | null> {
  return api.get<unknown>("/admin/backups/latest", { signal }).then((answer) => lastBackupAnswer.parse(answer).backup);
}

export const lastBackupQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.lastBackup, queryFn: ({ signal }) => getLastBackup(signal) });

export function useLastBackup() {
  return useQuery(lastBackupQueryOptions());
}
