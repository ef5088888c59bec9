import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useFirstScreen } from "@/hooks/use-first-screen";
import styles from "./dialog.module.css";

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: "md" | "large";
  /** Accessible label of the close button. */
  closeLabel?: string;
};

const focusable = 'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps Tab inside the dialog: from the last control to the first and back.
 * `showModal()` makes the page behind inert, but Tab past the last control
 * still leaves for the browser's own toolbar (Chromium, Firefox) before it
 * comes back, which a keyboard user reads as focus lost.
 */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>) {
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)].filter((element) => element.getClientRects().length > 0);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog on the native `<dialog>` element: `showModal()` makes the
 * rest of the page inert, Tab cycles through the dialog's controls, Escape
 * closes it, and focus returns to the element that opened it. It renders in
 * a portal on document.body, so no text style of where it is opened from
 * (a table cell's `white-space: nowrap`, say) reaches it.
 */
export function Dialog({ open, onClose, title, description, children, size = "md", closeLabel = "Close" }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const firstScreen = useFirstScreen();
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // Focus the first field rather than the close button.
    const first = dialog.querySelector<HTMLElement>("[data-autofocus], input, select, textarea");
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener && opener.isConnected) opener.focus();
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener("cancel", handleCancel);
    return () => dialog.removeEventListener("cancel", handleCancel);
  }, []);

  // A server renders no portal, and hydration must match it: the dialog joins the page right after.
  if (firstScreen) return null;

  return createPortal(
    <dialog
      ref={ref}
      className={[styles.dialog, size === "large" && styles.large].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onClose();
        } else if (event.key === "Tab") {
          wrapTab(event);
        }
      }}
      onMouseDown={(event) => {
        // A press on the backdrop (the dialog element itself) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <>
          <div className={styles.header}>
            <div>
              <h2 id={titleId} className={styles.title}>
                {title}
              </h2>
              {description && (
                <p id={descriptionId} className={styles.description}>
                  {description}
                </p>
              )}
            </div>
            <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <div className={styles.body}>{children}</div>
        </>
      )}
    </dialog>,
    document.body,
  );
}
