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
import { useUpdatePost } from "../api/update-post";
import { RevisionNoteField } from "./revision-note-field";

export type PostEditModalProps = {
  post: Post;
  infoBoxes?: readonly (Pick<InfoBox, "title" | "content"> & { order?: number })[];
  open: boolean;
  onClose: () => void;
  onSaved?: (post: Post) => void;
};

/** The admin's large post editor: every field, media kept or removed, new media added. */
export function PostEditModal({ open, onClose, ...rest }: PostEditModalProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Edit post" size="large">
      {open && <PostEditForm onClose={onClose} {...rest} />}
    </Dialog>
  );
}

function PostEditForm({ post, infoBoxes, onClose, onSaved }: Omit<PostEditModalProps, "open">) {
  const form = useForm<PostFieldValues>({ resolver: zodResolver(postFieldsSchema), defaultValues: postFieldValues(post, infoBoxes ?? []) });
  const [media, setMedia] = useState<MediaEdit>(() => ({ keepUrls: post.media.map((item) => item.url), newFiles: [] }));
  const [note, setNote] = useState("");
  const [serverError, setServerError] = useState<string | null>(null);
  const update = useUpdatePost();

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const body = updatePostFormData(values, media);
      if (note.trim()) body.append("note", note);
      const result = await update.mutateAsync({ id: post.id, form: body });
      notify.success("Post successfully updated.");
      onSaved?.(result.post);
      onClose();
    } catch (error) {
      notify.error("Failed to update post");
      // The server's words say which rule the edit broke (a length limit, say).
      if (error instanceof ApiError) setServerError(error.message);
    }
  });

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <PostFieldset form={form} labels="admin" hints={{ tagsHint: "Separate tags with commas." }} contentRows={14} withPostType infoBoxes={{ mode: "edit" }} />
      <MediaEditor media={post.media} edit={media} onChange={setMedia} />
      <RevisionNoteField value={note} onChange={setNote} disabled={update.isPending} />
      <PostEditActions serverError={serverError} isPending={update.isPending} onCancel={onClose} />
    </form>
  );
}
