import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField } from "@/components/ui/form/checkbox-field";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { notify } from "@/lib/notify";
import type { InfoBox, Post } from "@/types/api";
import { useUpdatePost } from "../api/admin";
import { editFormProblem, initialEditValues, postEditFormData, type PostEditValues } from "../lib/post-edit-form";
import { fileName } from "./media-list";
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

function TextArea({ label, value, onChange, rows, hint }: { label: string; value: string; onChange: (value: string) => void; rows: number; hint?: string }) {
  const id = useId();
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <textarea
        id={id}
        className={`${formStyles.input} ${styles.textarea}`}
        rows={rows}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint && (
        <span id={`${id}-hint`} className={formStyles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

function PostEditForm({ post, infoBoxes, onClose, onSaved }: Omit<PostEditModalProps, "open">) {
  const [values, setValues] = useState<PostEditValues>(() => initialEditValues(post, infoBoxes ?? []));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdatePost();
  const typeId = useId();
  const filesId = useId();
  const set = <K extends keyof PostEditValues>(key: K, value: PostEditValues[K]) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = editFormProblem(values);
    setProblem(invalid);
    if (invalid) return;
    try {
      const result = await update.mutateAsync({ id: post.id, form: postEditFormData(values) });
      notify.success("Post successfully updated.");
      onSaved?.(result.post);
      onClose();
    } catch {
      notify.error("Failed to update post");
    }
  };

  const postTypes = ["discussion", "event", ...(["discussion", "event"].includes(post.post_type) ? [] : [post.post_type])];

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <InputField label="Title" value={values.title} onChange={(e) => set("title", e.target.value)} required />
      <TextArea label="Lead summary (excerpt)" rows={3} value={values.excerpt} onChange={(v) => set("excerpt", v)} />
      <TextArea label="Content (markdown)" rows={14} value={values.content} onChange={(v) => set("content", v)} />
      <TextArea label="References" rows={3} value={values.citations} onChange={(v) => set("citations", v)} />
      <InputField label="Categories (tags)" hint="Separate tags with commas." value={values.tags} onChange={(e) => set("tags", e.target.value)} />

      <div className={formStyles.row}>
        <div className={formStyles.field}>
          <label htmlFor={typeId} className={formStyles.label}>
            Article type
          </label>
          <select id={typeId} className={formStyles.input} value={values.postType} onChange={(e) => set("postType", e.target.value)}>
            {postTypes.map((type) => (
              <option key={type} value={type}>
                {type.charAt(0).toUpperCase() + type.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <InputField label="Event date" type="date" value={values.eventDate} onChange={(e) => set("eventDate", e.target.value)} />
        <InputField
          label="Event time"
          type="time"
          value={values.timeUnknown ? "" : values.eventTime}
          disabled={values.timeUnknown}
          onChange={(e) => set("eventTime", e.target.value)}
        />
      </div>
      <div className={styles.checks}>
        <CheckboxField label="Time unknown" checked={values.timeUnknown} onChange={(e) => set("timeUnknown", e.target.checked)} />
        <CheckboxField label="NSFW (hide behind a warning)" checked={values.isNsfw} onChange={(e) => set("isNsfw", e.target.checked)} />
      </div>

      <fieldset className={styles.fieldset}>
        <legend>Info boxes</legend>
        {values.infoBoxes.length === 0 && <p className={styles.muted}>No info boxes.</p>}
        {values.infoBoxes.map((box, index) => (
          <div key={index} className={styles.infoBoxDraft}>
            <InputField
              label={`Info box ${index + 1} title`}
              value={box.title}
              onChange={(e) => set("infoBoxes", values.infoBoxes.map((b, i) => (i === index ? { ...b, title: e.target.value } : b)))}
            />
            <TextArea
              label={`Info box ${index + 1} content`}
              hint="One 'key: value' per line."
              rows={4}
              value={box.lines}
              onChange={(v) => set("infoBoxes", values.infoBoxes.map((b, i) => (i === index ? { ...b, lines: v } : b)))}
            />
            <Button
              variant="ghost"
              size="small"
              onClick={() => set("infoBoxes", values.infoBoxes.filter((_, i) => i !== index))}
            >
              Remove info box {index + 1}
            </Button>
          </div>
        ))}
        <Button variant="secondary" size="small" onClick={() => set("infoBoxes", [...values.infoBoxes, { title: "", lines: "" }])}>
          Add info box
        </Button>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend>Media</legend>
        {post.media.length === 0 && <p className={styles.muted}>No media yet.</p>}
        {post.media.length > 0 && (
          <ul className={styles.mediaGrid} aria-label="Current media">
            {post.media.map((media) => {
              const kept = values.keepMedia.includes(media.url);
              const name = fileName(media.url);
              return (
                <li key={media.id} className={[styles.mediaItem, !kept && styles.removed].filter(Boolean).join(" ")}>
                  {media.media_type === "video" ? (
                    <video src={media.url} preload="metadata" className={styles.thumb} aria-label={`Video ${name}`} />
                  ) : (
                    <img src={media.url} alt={`Image ${name}`} className={styles.thumb} />
                  )}
                  <CheckboxField
                    label={`Keep ${name}`}
                    checked={kept}
                    onChange={(e) =>
                      set("keepMedia", e.target.checked ? [...values.keepMedia, media.url] : values.keepMedia.filter((url) => url !== media.url))
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
            accept="image/*,video/*"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              e.target.value = "";
              set("newMedia", [...values.newMedia, ...files]);
            }}
          />
        </div>
        {values.newMedia.length > 0 && (
          <ul className={styles.newFiles} aria-label="New media">
            {values.newMedia.map((file, index) => (
              <li key={`${file.name}-${index}`}>
                {file.name}{" "}
                <Button variant="ghost" size="small" onClick={() => set("newMedia", values.newMedia.filter((_, i) => i !== index))}>
                  Remove {file.name}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      {problem && <FormAlert>{problem}</FormAlert>}
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
