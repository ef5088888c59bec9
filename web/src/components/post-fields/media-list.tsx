import { ResponsiveImage } from "@/components/responsive-image/responsive-image";
import type { Media } from "@/types/api";
import { mediaFileName } from "./media-editor";
import styles from "./post-fields.module.css";

/** A post's media to look at (an admin reviewing a pending post): the editor's thumbnails, images opening in a new tab, videos playable. */
export function MediaList({ media, label }: { media: readonly Media[]; label: string }) {
  if (media.length === 0) return <p className={styles.noMedia}>No media.</p>;
  return (
    <ul className={styles.mediaList} aria-label={label}>
      {media.map((item) => (
        <li key={item.id} className={styles.mediaItem}>
          {item.media_type === "video" ? (
            <video src={item.url} controls preload="metadata" className={styles.thumb} aria-label={`Video ${mediaFileName(item.url)}`} />
          ) : (
            <a href={item.url} target="_blank" rel="noreferrer">
              <ResponsiveImage src={item.url} alt={`Image ${mediaFileName(item.url)}`} width={item.width} height={item.height} slot="tile" className={styles.thumb} />
            </a>
          )}
          <span className={styles.mediaName}>{mediaFileName(item.url)}</span>
        </li>
      ))}
    </ul>
  );
}
