import { lazy } from "react";
import { useMembersOnlyDialog } from "@/hooks/use-members-only-dialog";
import { Button } from "@/components/ui/button";
import { LazyDialog } from "@/components/ui/lazy-dialog";
import type { InfoBox, Post } from "@/types/api";

// The modal holds the form libraries (react-hook-form, zod): loaded on the first click, not with the post page.
const SuggestEditModal = lazy(() => import("./suggest-edit-modal").then((module) => ({ default: module.SuggestEditModal })));

export type SuggestEditButtonProps = {
  post: Post;
  infoBoxes: InfoBox[];
  /** Visitors are asked to sign in instead. */
  signedIn: boolean;
  onSignIn?: () => void;
};

/** 'Suggest Edit' on the post detail: opens the two-step modal. */
export function SuggestEditButton({ post, infoBoxes, signedIn, onSignIn }: SuggestEditButtonProps) {
  const dialog = useMembersOnlyDialog(signedIn, "Please sign in to suggest an edit.", onSignIn);
  return (
    <>
      <Button variant="secondary" size="small" onClick={dialog.request}>
        Suggest Edit
      </Button>
      <LazyDialog everOpened={dialog.everOpened}>
        <SuggestEditModal post={post} infoBoxes={infoBoxes} open={dialog.open} onClose={dialog.close} />
      </LazyDialog>
    </>
  );
}
