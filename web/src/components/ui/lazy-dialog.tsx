import { Suspense, type ReactNode } from "react";

/** Where a lazily loaded dialog goes (hooks/use-lazy-dialog.ts): nothing before its first opening, nor while its code loads. */
export function LazyDialog({ everOpened, children }: { everOpened: boolean; children: ReactNode }) {
  return everOpened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
