import { useConfirm, type ConfirmOptions } from "@/components/ui/confirm-dialog";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";

/**
 * A destructive action asked first in the in-page confirm: `action` runs only
 * on yes, and its failure shows as a toast with the server's words
 * ("Error: …"), or `failure` when it gave none.
 */
export function useConfirmedAction() {
  const confirm = useConfirm();
  return async (question: string, options: ConfirmOptions, action: () => Promise<void>, failure: string) => {
    if (!(await confirm(question, options))) return;
    try {
      await action();
    } catch (error) {
      const detail = apiErrorDetail(error);
      notify.error(detail ? `Error: ${detail}` : failure);
    }
  };
}
