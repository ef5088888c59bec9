import { lazy } from "react";
import { Button } from "@/components/ui/button";
import { LazyDialog } from "@/components/ui/lazy-dialog";
import { useLazyDialog } from "@/hooks/use-lazy-dialog";

// Loaded on the first click, not with the post page.
const CiteDialog = lazy(() => import("./cite-dialog").then((module) => ({ default: module.CiteDialog })));

/** Cite: opens the post's citation in five formats, each to copy. Render it for published posts. */
export function CiteButton({ postId }: { postId: string }) {
  const dialog = useLazyDialog();
  return (
    <>
      <Button variant="secondary" size="small" onClick={dialog.show}>
        Cite
      </Button>
      <LazyDialog everOpened={dialog.everOpened}>
        <CiteDialog postId={postId} open={dialog.open} onClose={dialog.close} />
      </LazyDialog>
    </>
  );
}
