import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { MediaEditor } from "@/components/post-fields/media-editor";
import { PostEditActions } from "@/components/post-fields/post-edit-actions";
import { PostFieldset } from "@/components/post-fields/post-fieldset";
import { Dialog } from "@/components/ui/dialog";
import { formStyles } from "@/components/ui/form/form-alert";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
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
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdateOwnPost({
    mutationConfig: {
      onSuccess: () => {
        notify.success("Your post is updated.");
        onClose();
      },
      // The server's words say which rule the edit broke (a length limit, say); the form keeps what was typed.
      onError: (error) => setServerError(error instanceof ApiError ? error.message : "Your post could not be updated. Please try again."),
    },
  });

  const submit = form.handleSubmit((values) => {
    setServerError(null);
    update.mutate({ id: post.id, form: updatePostFormData(values, media) });
  });

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-label="Edit your post">
      <PostFieldset form={form} contentRows={14} withPostType infoBoxes={{ mode: "edit" }} />
      <MediaEditor media={post.media} edit={media} onChange={setMedia} />
      <PostEditActions serverError={serverError} isPending={update.isPending} onCancel={onClose} />
    </form>
  );
}
