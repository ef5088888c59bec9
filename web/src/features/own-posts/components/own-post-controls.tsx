import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { paths } from "@/config/paths";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import type { InfoBox, Post } from "@/types/api";
import { useWithdrawPost } from "../api/withdraw-post";

// The editor holds the form libraries: loaded on the first click, not with the post page.
const OwnPostEditModal = lazy(() => import("./own-post-edit-modal").then((module) => ({ default: module.OwnPostEditModal })));

export type OwnPostControlsProps = { post: Post; infoBoxes: InfoBox[] };

/** Edit and Withdraw on the author's own post while it waits for review. Render it for its author only. */
export function OwnPostControls({ post, infoBoxes }: OwnPostControlsProps) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const confirm = useConfirm();
  const navigate = useNavigate();
  const withdraw = useWithdrawPost();

  const runWithdraw = async () => {
    const sure = await confirm("Withdraw your post? It is deleted with its images and videos, and the admins will not review it.", {
      title: "Withdraw your post",
      confirmLabel: "Withdraw",
    });
    if (!sure) return;
    try {
      await withdraw.mutateAsync({ id: post.id });
      notify.success("Your post is withdrawn.");
      navigate(paths.me);
    } catch (error) {
      const detail = apiErrorDetail(error);
      notify.error(detail ? `Error: ${detail}` : "An error occurred while withdrawing the post.");
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        size="small"
        onClick={() => {
          setEverOpened(true);
          setOpen(true);
        }}
      >
        Edit
      </Button>
      <Button variant="danger" size="small" isLoading={withdraw.isPending} loadingText="Withdrawing..." onClick={() => void runWithdraw()}>
        Withdraw
      </Button>
      {everOpened && (
        <Suspense fallback={null}>
          <OwnPostEditModal post={post} infoBoxes={infoBoxes} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
