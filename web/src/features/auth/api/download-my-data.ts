import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";

/** The file name the server gives the export too. */
export const exportFileName = (now = new Date()) => `archive-data-${now.toISOString().slice(0, 10)}.json`;

/** GET /api/me/export: everything the archive holds about the user, saved as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const data = await api.get<unknown>("/me/export");
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = exportFileName();
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function useDownloadMyData({ mutationConfig }: { mutationConfig?: MutationConfig<typeof downloadMyData> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: downloadMyData });
}
