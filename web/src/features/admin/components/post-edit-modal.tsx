import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { PostFieldset } from "@/components/post-fields/post-fieldset";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField } from "@/components/ui/form/checkbox-field";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { postFieldsSchema, postFieldValues, type PostFieldValues } from "@/lib/post-fields";
import { acceptedMediaTypes } from "@/lib/post-fields-media";
import { updatePostFormData, type MediaEdit } from "@/lib/post-fields-wire";
import type { InfoBox, Post } from "@/types/api";
import { useUpdatePost } from "../api/update-post";
import { fileName } from "./media-list";
import { RevisionNoteField } from "./revision-note-field";
import styles from "./admin.module.css";

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

// How the admin form words the fields it shares with the other forms.
const adminTexts = {
  excerptLabel: "Lead summary (excerpt)",
  contentLabel: "Content (markdown)",
  tagsLabel: "Categories (tags)",
  tagsHint: "Separate tags with commas.",
  nsfwLabel: "NSFW (hide behind a warning)",
};

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
      <PostFieldset form={form} texts={adminTexts} contentRows={14} withPostType infoBoxes={{ mode: "edit" }} />
      <MediaEditor post={post} media={media} onChange={setMedia} />
      <RevisionNoteField value={note} onChange={setNote} disabled={update.isPending} />
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={update.isPending} loadingText="Saving...">
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** The post's media, each kept or not, and new files to add. */
function MediaEditor({ post, media, onChange }: { post: Post; media: MediaEdit; onChange: (media: MediaEdit) => void }) {
  const filesId = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend>Media</legend>
      {post.media.length === 0 && <p className={styles.muted}>No media yet.</p>}
      {post.media.length > 0 && (
        <ul className={styles.mediaGrid} aria-label="Current media">
          {post.media.map((item) => {
            const kept = media.keepUrls.includes(item.url);
            const name = fileName(item.url);
            return (
              <li key={item.id} className={[styles.mediaItem, !kept && styles.removed].filter(Boolean).join(" ")}>
                {item.media_type === "video" ? (
                  <video src={item.url} preload="metadata" className={styles.thumb} aria-label={`Video ${name}`} />
                ) : (
                  <img src={item.url} alt={`Image ${name}`} className={styles.thumb} />
                )}
                <CheckboxField
                  label={`Keep ${name}`}
                  checked={kept}
                  onChange={(e) =>
                    onChange({
                      ...media,
                      keepUrls: e.target.checked ? [...media.keepUrls, item.url] : media.keepUrls.filter((url) => url !== item.url),
                    })
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
      <div className={formStyles.field}>
        <label htmlFor={filesId} className={formStyles.label}>
          Add images or videos
        </label>
        <input
          id={filesId}
          type="file"
          multiple
          accept={acceptedMediaTypes}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = "";
            onChange({ ...media, newFiles: [...media.newFiles, ...files] });
          }}
        />
      </div>
      {media.newFiles.length > 0 && (
        <ul className={styles.newFiles} aria-label="New media">
          {media.newFiles.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              {file.name}{" "}
              <Button variant="ghost" size="small" onClick={() => onChange({ ...media, newFiles: media.newFiles.filter((_, i) => i !== index) })}>
                Remove {file.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
