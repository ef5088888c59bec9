import { useState } from "react";
import type { Media } from "@/types/api";
import styles from "./post-detail.module.css";

const sizes = "(min-width: 72rem) 46rem, (min-width: 60rem) 65vw, 100vw";

function MediaItem({ item, title, eager }: { item: Media; title: string; eager: boolean }) {
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
      decoding="async"
    />
  );
}

/** One image or video; several become a gallery with a thumbnail strip. */
export function MediaGallery({ media, title }: { media: Media[]; title: string }) {
  const [index, setIndex] = useState(0);
  if (!media.length) return null;
  if (media.length === 1) {
    return (
      <figure className={styles.gallery}>
        <MediaItem item={media[0]} title={title} eager />
      </figure>
    );
  }
  const current = media[Math.min(index, media.length - 1)];
  return (
    <section className={styles.gallery} aria-label="Media gallery" aria-roledescription="carousel">
      <div aria-live="polite">
        <MediaItem key={current.id} item={current} title={`${title} (${index + 1} of ${media.length})`} eager />
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
