import type { ImgHTMLAttributes } from "react";
import { env } from "@/config/env";
import { type ImageSlot, imageSources } from "@/lib/image-sources";

type SetHere = "src" | "srcSet" | "sizes" | "width" | "height" | "loading" | "fetchPriority" | "decoding" | "alt";

export type ResponsiveImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, SetHere> & {
  /** Site-relative for our own images (`/images/{path}`); any other URL is shown as it is. */
  src: string;
  alt: string;
  /** The image's stored size as shown, which reserves its room before it loads; null when unknown (the slot's CSS keeps a ratio). */
  width?: number | null;
  height?: number | null;
  slot: ImageSlot;
  /** The first image of a page, its largest paint: fetched first and at once; every other image waits until it nears the screen. */
  priority?: boolean;
};

/**
 * One of the site's images at the size its slot needs (lib/image-sources.ts),
 * with its width and height set so the page does not move as it arrives.
 */
export function ResponsiveImage({ src, alt, width, height, slot, priority = false, ...rest }: ResponsiveImageProps) {
  const sources = imageSources(src, width, slot, env.imageTransforms);
  const size = width && height ? { width, height } : {};
  return (
    <img
      {...rest}
      {...sources}
      {...size}
      alt={alt}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
    />
  );
}
