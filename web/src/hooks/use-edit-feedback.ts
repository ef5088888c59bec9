import { useState } from "react";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";

/**
 * How an edit form answers its save (a comment, one's own post): on success a
 * toast and `done`; on failure the server's words (or `fallback`) as `error`
 * for the form to show, with what was typed kept. Pass `mutationConfig` to
 * the mutation and `clear` before sending again.
 */
export function useEditFeedback({ saved, done, fallback }: { saved: string; done: () => void; fallback: string }) {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    clear: () => setError(null),
    mutationConfig: {
      onSuccess: () => {
        notify.success(saved);
        done();
      },
      onError: (failure: Error) => setError(apiErrorDetail(failure) ?? fallback),
    },
  };
}
