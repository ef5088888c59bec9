import { useId } from "react";
import { ResponsiveImage } from "@/components/responsive-image/responsive-image";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/form/checkbox-field";
import { formStyles } from "@/components/ui/form/form-alert";
import { acceptedMediaTypes } from "@/lib/post-fields-media";
import type { MediaEdit } from "@/lib/post-fields-wire";
import type { Media } from "@/types/api";
import styles from "./post-fields.module.css";

/** The last part of a stored file's path, which names it to people. */
export function mediaFileName(url: string): string {
  return url.split("/").pop() ?? url;
}

/**
 * A post's media in an editor (the admin's and the author's of a pending
 * post): each current file kept or not, and new files to add. The server
 * applies the limits of a new post, with its words.
 */
export function MediaEditor({ media, edit, onChange }: { media: readonly Media[]; edit: MediaEdit; onChange: (edit: MediaEdit) => void }) {
  const filesId = useId();
  return (
    <fieldset className={styles.fieldset}>
      <legend>Media</legend>
      {media.length === 0 && <p className={styles.hint}>No media yet.</p>}
      {media.length > 0 && (
        <ul className={styles.mediaGrid} aria-label="Current media">
          {media.map((item) => {
            const kept = edit.keepUrls.includes(item.url);
            const name = mediaFileName(item.url);
            return (
              <li key={item.id} className={kept ? styles.mediaItem : `${styles.mediaItem} ${styles.removed}`}>
                {item.media_type === "video" ? (
                  <video src={item.url} preload="metadata" className={styles.thumb} aria-label={`Video ${name}`} />
                ) : (
                  <ResponsiveImage src={item.url} alt={`Image ${name}`} width={item.width} height={item.height} slot="tile" className={styles.thumb} />
                )}
                <CheckboxField
                  label={`Keep ${name}`}
                  checked={kept}
                  onChange={(event) =>
                    onChange({
                      ...edit,
                      keepUrls: event.target.checked ? [...edit.keepUrls, item.url] : edit.keepUrls.filter((url) => url !== item.url),
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
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = "";
            onChange({ ...edit, newFiles: [...edit.newFiles, ...files] });
          }}
        />
      </div>
      {edit.newFiles.length > 0 && (
        <ul className={styles.newFiles} aria-label="New media">
          {edit.newFiles.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              {file.name}{" "}
              <Button variant="ghost" size="small" onClick={() => onChange({ ...edit, newFiles: edit.newFiles.filter((_, i) => i !== index) })}>
                Remove {file.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
