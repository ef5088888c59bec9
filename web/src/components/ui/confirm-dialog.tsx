import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import styles from "./dialog.module.css";

export type ConfirmOptions = { title?: string; confirmLabel?: string; danger?: boolean };
type Confirm = (message: string, options?: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * `const confirm = useConfirm(); if (await confirm("Are you sure …?")) …`:
 * an accessible in-page replacement for `window.confirm`.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<{ message: string; options: ConfirmOptions } | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((message, options = {}) => {
    resolver.current?.(false);
    setRequest({ message, options });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setRequest(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog open={request !== null} onClose={() => answer(false)} title={request?.options.title ?? "Please confirm"}>
        <p>{request?.message}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => answer(false)}>
            Cancel
          </Button>
          <Button variant={request?.options.danger === false ? "primary" : "danger"} data-autofocus onClick={() => answer(true)}>
            {request?.options.confirmLabel ?? "Confirm"}
          </Button>
        </div>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm needs a <ConfirmProvider> above it");
  return confirm;
}
