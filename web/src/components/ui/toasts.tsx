import { useEffect, useState, type ComponentType } from "react";
import type { ToasterProps } from "sonner";
import { onToasterRequested, toasterMounted } from "@/lib/notify";

/**
 * Sonner's Toaster, loaded with the first `notify` call (see lib/notify.ts) so
 * that no page loads it just to paint.
 * Plain toasts: sonner's rich colours fail the contrast check on success toasts.
 * At the bottom of the screen, as at the top they covered the page's own controls (the review tabs).
 */
export function Toasts() {
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);

  useEffect(
    () =>
      onToasterRequested(() => {
        void import("sonner")
          .then((module) => setToaster(() => module.Toaster))
          .catch((error: unknown) => console.error("Toasts could not load", error));
      }),
    [],
  );

  // Runs after the Toaster's own effects, so it is subscribed to new toasts by then.
  useEffect(() => {
    if (Toaster) toasterMounted();
  }, [Toaster]);

  return Toaster ? <Toaster position="bottom-right" closeButton /> : null;
}
