import { mediaFileName } from "@/components/post-fields/media-editor";
import type { Media } from "@/types/api";
import styles from "./admin.module.css";

/** Thumbnails of images and playable videos. */
export function MediaList({ media, label }: { media: readonly Media[]; label: string }) {
  if (media.length === 0) return <p className={styles.muted}>No media.</p>;
  return (
    <ul className={styles.mediaGrid} aria-label={label}>
      {media.map((item) => (
        <li key={item.id} className={styles.mediaItem}>
          {item.media_type === "video" ? (
            <video src={item.url} controls preload="metadata" className={styles.thumb} aria-label={`Video ${mediaFileName(item.url)}`} />
          ) : (
            <a href={item.url} target="_blank" rel="noreferrer">
              <img src={item.url} alt={`Image ${mediaFileName(item.url)}`} className={styles.thumb} loading="lazy" />
            </a>
          )}
          <span className={styles.mediaName}>{mediaFileName(item.url)}</span>
        </li>
      ))}
    </ul>
  );
}
