import { useState } from "react";
import { notify } from "@/lib/notify";

/**
 * A dialog only members open, loaded the first time it is asked for
 * (`everOpened`). A visitor's request shows `refusal` in a toast instead,
 * with Log in when the page can offer it.
 */
export function useMembersOnlyDialog(signedIn: boolean, refusal: string, onSignIn?: () => void) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const request = () => {
    if (signedIn) {
      setEverOpened(true);
      setOpen(true);
    } else {
      notify.error(refusal, onSignIn ? { action: { label: "Log in", onClick: onSignIn } } : {});
    }
  };
  return { open, everOpened, request, close: () => setOpen(false) };
}
