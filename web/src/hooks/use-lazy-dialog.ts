import { useState } from "react";

/**
 * A dialog whose code loads on its first opening (React.lazy, rendered in
 * `<LazyDialog>`): `everOpened` stays false until then, so the page does not
 * fetch it, and true after, so closing keeps the form as it was.
 */
export function useLazyDialog() {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  return {
    open,
    everOpened,
    show: () => {
      setEverOpened(true);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
