import { useState } from "react";
import { notify } from "@/lib/notify";

/**
 * A dialog that asks why before an admin acts (suspend a member, hide a
 * revision): whether it is open, the reason typed, and `succeeded`, which
 * shows the server's message and closes the dialog emptied for next time.
 */
export function useReasonDialog() {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  return {
    open,
    show: () => setOpen(true),
    close: () => setOpen(false),
    reason,
    setReason,
    succeeded: (message: string) => {
      notify.success(message);
      setReason("");
      setOpen(false);
    },
  };
}
