import { useQuery } from "@tanstack/react-query";
import type { ArchiveInfo } from "@shared/api/export.ts";
import { api } from "@/lib/api-client";

/** GET /api/export/archive-info: the archive download's last measured size and its newest post, without downloading it. */
export function getArchiveInfo(signal?: AbortSignal): Promise<ArchiveInfo> {
  return api.get<ArchiveInfo>("/api/export/archive-info", { signal, auth: false });
}

export function useArchiveInfo() {
  return useQuery({ queryKey: ["archive-info"], queryFn: ({ signal }) => getArchiveInfo(signal) });
}
