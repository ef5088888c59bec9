import { useQueryClient } from "@tanstack/react-query";
import { lazy } from "react";
import { Button } from "@/components/ui/button";
import { LazyDialog } from "@/components/ui/lazy-dialog";
import { useLazyDialog } from "@/hooks/use-lazy-dialog";
import { prefetchCitation } from "../api/get-citation";

const loadCiteDialog = () => import("./cite-dialog");

// Not with the post page: its code (and the APA citation) start loading when a pointer or the focus reaches the button.
const CiteDialog = lazy(() => loadCiteDialog().then((module) => ({ default: module.CiteDialog })));

/** Cite: opens the post's citation in five formats, each to copy. Render it for published posts. */
export function CiteButton({ postId }: { postId: string }) {
  const dialog = useLazyDialog();
  const queryClient = useQueryClient();
  // A phone has no hover: its touch's pointerdown comes about 100 ms before the click.
  const preload = () => {
    void loadCiteDialog();
    void prefetchCitation(queryClient, postId);
  };
  return (
    <>
      <Button variant="secondary" size="small" onClick={dialog.show} onPointerEnter={preload} onPointerDown={preload} onFocus={preload}>
        Cite
      </Button>
      <LazyDialog everOpened={dialog.everOpened}>
        <CiteDialog postId={postId} open={dialog.open} onClose={dialog.close} />
      </LazyDialog>
    </>
  );
}
