import { useConfirm, type ConfirmOptions } from "@/components/ui/confirm-dialog";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";

/** What the confirm asks and what a failure says when the server gives no words. */
export type ConfirmedActionTexts = ConfirmOptions & { question: string; failure: string };

/**
 * A destructive action asked first in the in-page confirm: `action` runs only
 * on yes and resolves to the success message, shown as a toast; its failure
 * shows as a toast with the server's words ("Error: …"), or `texts.failure`
 * when it gave none.
 */
export function useConfirmedAction({ question, failure, ...options }: ConfirmedActionTexts, action: () => Promise<string>) {
  const confirm = useConfirm();
  return async () => {
    if (!(await confirm(question, options))) return;
    try {
      notify.success(await action());
    } catch (error) {
      const detail = apiErrorDetail(error);
      notify.error(detail ? `Error: ${detail}` : failure);
    }
  };
}
