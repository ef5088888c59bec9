import { useState } from "react";
import { notify } from "@/lib/notify";
import { Button } from "@/components/ui/button";
import type { InfoBox, Post } from "@/types/api";
import { SuggestEditModal } from "./suggest-edit-modal";

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
  return (
    <>
      <Button
        variant="secondary"
        size="small"
        onClick={() => {
          if (signedIn) setOpen(true);
          else notify.error("Please sign in to suggest an edit.", onSignIn ? { action: { label: "Log in", onClick: onSignIn } } : {});
        }}
      >
        Suggest Edit
      </Button>
      <SuggestEditModal post={post} infoBoxes={infoBoxes} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
