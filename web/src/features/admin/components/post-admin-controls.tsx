import { lazy, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { buttonClassName } from "@/components/ui/button";
import { Menu, MenuItem, MenuSeparator } from "@/components/ui/menu";
import { LazyDialog } from "@/components/ui/lazy-dialog";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { paths } from "@/config/paths";
import { useLazyDialog } from "@/hooks/use-lazy-dialog";
import { apiErrorDetail } from "@/lib/api-client";
import { useAuthorization } from "@/lib/authorization";
import { notify } from "@/lib/notify";
import type { InfoBox, Post } from "@/types/api";
import { useDeletePost } from "../api/delete-post";
import { pinnedPostQueryOptions } from "../api/get-pinned-post";
import { useSetPostFlag, type PostFlag } from "../api/set-post-flag";
import { SuspendMemberButton } from "./suspend-member-button";
import styles from "./admin.module.css";

// The edit form (react-hook-form, zod, media pickers) loads on the first Edit, not with the post page.
const PostEditModal = lazy(() => import("./post-edit-modal").then((module) => ({ default: module.PostEditModal })));

export type PostAdminControlsProps = {
  post: Post;
  infoBoxes?: readonly InfoBox[];
};

/**
 * The team's controls on a post detail (SPEC §2), in one Moderate menu that
 * keeps the reader's actions beside it in view: Edit (large modal), Pin /
 * Unpin, Mark important / Unmark, Suspend author, then Delete set apart, each
 * for the roles that may (a moderator edits only a post waiting for review).
 * Render it for the team only.
 */
export function PostAdminControls({ post, infoBoxes = [] }: PostAdminControlsProps) {
  const { can } = useAuthorization();
  const editor = useLazyDialog();
  // The toggles answer with the updated post; show it until the page's own data catches up.
  const [latest, setLatest] = useState<{ source: Post; value: Post }>({ source: post, value: post });
  if (latest.source !== post) setLatest({ source: post, value: post });
  const current = latest.value;

  const setFlag = useSetPostFlag();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeletePost({
    mutationConfig: {
      // Leaves the page before the lists are refetched: the post is gone.
      onSuccess: () => {
        notify.success("Post deleted successfully.");
        void navigate(paths.home);
      },
      onError: (error) => notify.error(`Error: ${apiErrorDetail(error) ?? "The post could not be deleted."}`),
    },
  });

  const runToggle = async (flag: PostFlag) => {
    try {
      const result = await setFlag.mutateAsync({ id: post.id, flag });
      if (result.post) setLatest({ source: post, value: result.post });
      notify.success(result.message || "Post successfully updated.");
    } catch (error) {
      notify.error(`Error: ${apiErrorDetail(error) ?? "Failed to update the post."}`);
    }
  };

  // Only one post is pinned: pinning another unpins it, so the admin is asked first.
  const runPin = async () => {
    let pinned;
    try {
      pinned = await queryClient.fetchQuery(pinnedPostQueryOptions());
    } catch {
      notify.error("Error: Could not check which post is pinned now. Please try again.");
      return;
    }
    if (pinned && pinned.id !== post.id) {
      const message = `“${pinned.title}” is pinned now. Pinning this post unpins it.`;
      if (!(await confirm(message, { title: "Replace the pinned post?", confirmLabel: "Pin this post", danger: false }))) return;
    }
    await runToggle("pin");
  };

  const runDelete = async () => {
    if (!(await confirm("Are you sure you want to permanently delete this post?", { title: "Delete post", confirmLabel: "Delete" }))) return;
    remove.mutate(post.id);
  };

  const busy = setFlag.isPending || remove.isPending;
  const mayEdit = can.editPublishedPosts || (can.review && current.status === "pending");
  const maySuspend = can.longestSuspensionDays > 0;
  if (!mayEdit && !can.featurePosts && !can.deletePosts && !maySuspend) return null;
  return (
    <div className={styles.adminControls} role="group" aria-label="Admin controls">
      <Menu label="Moderate" buttonClassName={buttonClassName({ variant: "secondary", size: "small" })}>
        {mayEdit && <MenuItem onSelect={editor.show}>Edit</MenuItem>}
        {can.featurePosts && (
          <>
            <MenuItem disabled={busy} onSelect={() => void (current.is_pinned ? runToggle("unpin") : runPin())}>
              {current.is_pinned ? "Unpin" : "Pin"}
            </MenuItem>
            <MenuItem disabled={busy} onSelect={() => void runToggle(current.is_important ? "unmark_important" : "mark_important")}>
              {current.is_important ? "Unmark important" : "Mark important"}
            </MenuItem>
          </>
        )}
        {maySuspend && <SuspendMemberButton authorOf={{ kind: "post", id: post.id }} postId={post.id} asMenuItem />}
        {/* Destructive last, set apart. */}
        {can.deletePosts && (
          <>
            <MenuSeparator />
            <MenuItem danger disabled={busy} onSelect={() => void runDelete()}>
              Delete
            </MenuItem>
          </>
        )}
      </Menu>
      <LazyDialog everOpened={editor.everOpened}>
        <PostEditModal
          post={current}
          infoBoxes={infoBoxes}
          open={editor.open}
          onClose={editor.close}
          onSaved={(saved) => setLatest({ source: post, value: saved })}
        />
      </LazyDialog>
    </div>
  );
}
