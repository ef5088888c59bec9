import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { MediaEditor } from "@/components/post-fields/media-editor";
import { PostEditActions } from "@/components/post-fields/post-edit-actions";
import { PostFieldset } from "@/components/post-fields/post-fieldset";
import { Dialog } from "@/components/ui/dialog";
import { formStyles } from "@/components/ui/form/form-alert";
import { useEditFeedback } from "@/hooks/use-edit-feedback";
import { postFieldsSchema, postFieldValues, type PostFieldValues } from "@/lib/post-fields";
import { updatePostFormData, type MediaEdit } from "@/lib/post-fields-wire";
import type { InfoBox, Post } from "@/types/api";
import { useUpdateOwnPost } from "../api/update-own-post";

export type OwnPostEditModalProps = {
  post: Post;
  infoBoxes: readonly InfoBox[];
  open: boolean;
  onClose: () => void;
};

/** The author's editor of their post while it waits for review: the fields of Create post, which of its files stay, and new ones. */
export function OwnPostEditModal({ open, onClose, ...rest }: OwnPostEditModalProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit your post" description="It stays in the review queue; the admins review it as you leave it." size="large">
      {open && <OwnPostEditForm onClose={onClose} {...rest} />}
    </Dialog>
  );
}

function OwnPostEditForm({ post, infoBoxes, onClose }: Omit<OwnPostEditModalProps, "open">) {
  const form = useForm<PostFieldValues>({ resolver: zodResolver(postFieldsSchema), defaultValues: postFieldValues(post, infoBoxes) });
  const [media, setMedia] = useState<MediaEdit>(() => ({ keepUrls: post.media.map((item) => item.url), newFiles: [] }));
  // The server's words say which rule the edit broke (a length limit, say).
  const feedback = useEditFeedback({ saved: "Your post is updated.", done: onClose, fallback: "Your post could not be updated. Please try again." });
  const update = useUpdateOwnPost({ mutationConfig: feedback.mutationConfig });

  const submit = form.handleSubmit((values) => {
    feedback.clear();
    update.mutate({ id: post.id, form: updatePostFormData(values, media) });
  });

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Edit your post">
      <PostFieldset form={form} contentRows={14} withPostType infoBoxes={{ mode: "edit" }} />
      <MediaEditor media={post.media} edit={media} onChange={setMedia} />
      <PostEditActions serverError={feedback.error} isPending={update.isPending} onCancel={onClose} />
    </form>
  );
}
