import { useState } from "react";
import type { Media } from "@/types/api";
import styles from "./post-detail.module.css";

const sizes = "(min-width: 72rem) 46rem, (min-width: 60rem) 65vw, 100vw";

type MediaItemProps = { item: Media; title: string; eager: boolean; onSettled?: () => void };

function MediaItem({ item, title, eager, onSettled }: MediaItemProps) {
  if (item.media_type === "video") {
    return (
      <video className={styles.media} src={item.url} controls preload="metadata" playsInline aria-label={`Video: ${title}`}>
        <a href={item.url}>Download the video</a>
      </video>
    );
  }
  return (
    <img
      className={styles.media}
      src={item.url}
      alt={title}
      width={1280}
      height={720}
      sizes={sizes}
      loading={eager ? "eager" : "lazy"}
      // The shown image is the page's largest paint: fetched first and painted with the text, not a frame later.
      fetchPriority={eager ? "high" : "auto"}
      decoding={eager ? "sync" : "async"}
      onLoad={onSettled}
      onError={onSettled}
    />
  );
}

/**
 * One image or video; several become a gallery with a thumbnail strip.
 * `onFirstImageSettled` is called when the first shown image has loaded or failed.
 */
export function MediaGallery({ media, title, onFirstImageSettled }: { media: Media[]; title: string; onFirstImageSettled?: () => void }) {
  const [index, setIndex] = useState(0);
  if (!media.length) return null;
  if (media.length === 1) {
    return (
      <figure className={styles.gallery}>
        <MediaItem item={media[0]} title={title} eager onSettled={onFirstImageSettled} />
      </figure>
    );
  }
  const current = media[Math.min(index, media.length - 1)];
  return (
    <section className={styles.gallery} aria-label="Media gallery" aria-roledescription="carousel">
      <div aria-live="polite">
        <MediaItem key={current.id} item={current} title={`${title} (${index + 1} of ${media.length})`} eager onSettled={onFirstImageSettled} />
      </div>
      <ul className={styles.thumbs}>
        {media.map((item, i) => (
          <li key={item.id}>
            <button
              type="button"
              className={styles.thumb}
              aria-label={`Show ${item.media_type} ${i + 1} of ${media.length}`}
              aria-current={i === index ? "true" : undefined}
              onClick={() => setIndex(i)}
            >
              {item.media_type === "image" ? (
                <img src={item.url} alt="" width={96} height={64} sizes="96px" loading="lazy" decoding="async" />
              ) : (
                <span className={styles.videoThumb} aria-hidden="true">
                  ▶
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
