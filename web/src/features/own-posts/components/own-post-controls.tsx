import { lazy } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { LazyDialog } from "@/components/ui/lazy-dialog";
import { paths } from "@/config/paths";
import { useConfirmedAction } from "@/hooks/use-confirmed-action";
import { useLazyDialog } from "@/hooks/use-lazy-dialog";
import type { InfoBox, Post } from "@/types/api";
import { useWithdrawPost } from "../api/withdraw-post";

// The editor holds the form libraries: loaded on the first click, not with the post page.
const OwnPostEditModal = lazy(() => import("./own-post-edit-modal").then((module) => ({ default: module.OwnPostEditModal })));

const withdrawTexts = {
  question: "Withdraw your post? It is deleted with its images and videos, and the admins will not review it.",
  title: "Withdraw your post",
  confirmLabel: "Withdraw",
  failure: "An error occurred while withdrawing the post.",
};

export type OwnPostControlsProps = { post: Post; infoBoxes: InfoBox[] };

/** Edit and Withdraw on the author's own post while it waits for review. Render it for its author only. */
export function OwnPostControls({ post, infoBoxes }: OwnPostControlsProps) {
  const editor = useLazyDialog();
  const navigate = useNavigate();
  const withdraw = useWithdrawPost();
  const runWithdraw = useConfirmedAction(withdrawTexts, async () => {
    await withdraw.mutateAsync({ id: post.id });
    navigate(paths.me);
    return "Your post is withdrawn.";
  });

  return (
    <>
      <Button variant="secondary" size="small" onClick={editor.show}>
        Edit
      </Button>
      <Button variant="danger" size="small" isLoading={withdraw.isPending} loadingText="Withdrawing..." onClick={() => void runWithdraw()}>
        Withdraw
      </Button>
      <LazyDialog everOpened={editor.everOpened}>
        <OwnPostEditModal post={post} infoBoxes={infoBoxes} open={editor.open} onClose={editor.close} />
      </LazyDialog>
    </>
  );
}
