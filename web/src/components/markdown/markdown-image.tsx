import { useState } from "react";
import { ResponsiveImage } from "@/components/responsive-image/responsive-image";
import styles from "./markdown-image.module.css";

/**
 * How a markdown renderer treats images from other hosts (an image URL is a
 * request the author chooses, so it can tell another host who read what):
 * - "click-to-load": a button naming the host; nothing is requested until it
 *   is pressed. For the admin's review panel, where a tracking pixel would
 *   learn who reviewed a submission and when.
 * - "no-referrer": loaded lazily without a Referer, so the other host never
 *   learns which page of the archive showed it. For published posts, whose
 *   images an admin has seen named host by host before approving.
 */
export type ExternalImages = "click-to-load" | "no-referrer";

/** The host of an image that is not ours, or null for our own (`/images/...`, relative paths, this origin). */
export function externalImageHost(src: string, pageUrl: string = window.location.href): string | null {
  // Resolved against the page, so "//host/x" and "https://host/x" count as other hosts while "/images/x" does not.
  if (!URL.canParse(src, pageUrl)) return null;
  const url = new URL(src, pageUrl);
  return url.origin === new URL(pageUrl).origin ? null : url.host;
}

export type MarkdownImageProps = { src?: string; alt?: string; title?: string; externalImages: ExternalImages };

/** An image of post content (the `img` of react-markdown's components). */
export function MarkdownImage({ src, alt, title, externalImages }: MarkdownImageProps) {
  const [shown, setShown] = useState(false);
  // react-markdown empties unsafe URLs (javascript:, data:): nothing to load then.
  if (!src) return alt ? <span className={styles.missing}>{alt}</span> : null;
  const host = externalImageHost(src);
  if (host && externalImages === "click-to-load" && !shown) {
    return (
      <button type="button" className={styles.external} title={src} onClick={() => setShown(true)}>
        {alt ? <span className={styles.alt}>“{alt}”</span> : null}
        <span>External image from {host} – show</span>
      </button>
    );
  }
  // Our own media (/images/...) come sized for the text column; another host's as they are, and it learns nothing about the page.
  return host ? (
    <img src={src} alt={alt ?? ""} title={title} loading="lazy" decoding="async" referrerPolicy="no-referrer" />
  ) : (
    <ResponsiveImage src={src} alt={alt ?? ""} title={title} slot="content" />
  );
}
