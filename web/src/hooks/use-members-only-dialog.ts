import { notify } from "@/lib/notify";
import { useLazyDialog } from "./use-lazy-dialog";

/**
 * A dialog only members open, loaded the first time it is asked for
 * (`everOpened`). A visitor's request shows `refusal` in a toast instead,
 * with Log in when the page can offer it.
 */
export function useMembersOnlyDialog(signedIn: boolean, refusal: string, onSignIn?: () => void) {
  const dialog = useLazyDialog();
  const request = () => {
    if (signedIn) dialog.show();
    else notify.error(refusal, onSignIn ? { action: { label: "Log in", onClick: onSignIn } } : {});
  };
  return { ...dialog, request };
}
