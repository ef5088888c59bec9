import { useState } from "react";
import { ResponsiveImage } from "@/components/responsive-image/responsive-image";
import type { Media } from "@/types/api";
import styles from "./post-detail.module.css";

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
    <ResponsiveImage
      className={styles.media}
      src={item.url}
      alt={title}
      width={item.width}
      height={item.height}
      slot="detail"
      // The shown image is the page's largest paint: fetched first, not when it nears the screen.
      priority={eager}
      // Its own ratio when known, so the box it is shown in has its shape before it loads (else the CSS's 16:9).
      style={item.width && item.height ? { aspectRatio: `${item.width} / ${item.height}` } : undefined}
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
                <ResponsiveImage src={item.url} alt="" width={item.width} height={item.height} slot="strip" />
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
