import { lazy, Suspense, useState } from "react";
import { notify } from "@/lib/notify";
import { Button } from "@/components/ui/button";
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
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="small"
        onClick={() => {
          if (signedIn) {
            setEverOpened(true);
            setOpen(true);
          } else {
            notify.error("Please sign in to suggest an edit.", onSignIn ? { action: { label: "Log in", onClick: onSignIn } } : {});
          }
        }}
      >
        Suggest Edit
      </Button>
      {everOpened && (
        <Suspense fallback={null}>
          <SuggestEditModal post={post} infoBoxes={infoBoxes} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
