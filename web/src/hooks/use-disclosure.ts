import { useCallback, useEffect, useId, useRef, useState, type FocusEvent } from "react";
import { useLocation } from "react-router";
import { useDismiss } from "./use-dismiss";

const focusable = 'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled)';

/**
 * A button that shows and hides the panel after it (the header's menus and
 * its search on a phone), as the WAI-ARIA disclosure pattern: the button says
 * whether the panel is open (aria-expanded) and which it is (aria-controls),
 * opening moves focus to the panel's first control, and Escape, a press
 * outside, Tab past the panel or following a link closes it. Spread
 * `rootProps` on the element holding both, `buttonProps` on the button and
 * `panelProps` on the panel. An `inline` panel (a folded part of the page,
 * not a popup) closes only by its button: what the reader does in it, such as
 * a filter that changes the URL, must not fold it away.
 */
export function useDisclosure({ inline = false }: { inline?: boolean } = {}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  /** Closes and gives focus back to the button, for a control in the panel that opens a dialog or goes away. */
  const closeAndRefocus = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);

  useDismiss(open && !inline, close, rootRef, buttonRef);

  // A followed link closes the panel; focus then goes back to the button rather than to the page's start.
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  const { key } = useLocation();
  useEffect(() => {
    if (!openRef.current || inline) return;
    if (panelRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
    setOpen(false);
  }, [key, inline]);

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>(focusable)?.focus();
  }, [open]);

  const onBlur = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      // Focus went on past the panel (Tab); a press on nothing has no related target and keeps it open.
      if (inline) return;
      if (event.relatedTarget instanceof Node && !event.currentTarget.contains(event.relatedTarget)) close();
    },
    [close, inline],
  );

  return {
    open,
    close,
    closeAndRefocus,
    rootProps: { ref: rootRef, onBlur },
    buttonProps: {
      ref: buttonRef,
      type: "button" as const,
      "aria-expanded": open,
      "aria-controls": panelId,
      onClick: () => setOpen((value) => !value),
    },
    panelProps: { ref: panelRef, id: panelId, hidden: !open },
  };
}
