/**
 * The sources of one of our images sized for the slot it fills: `srcset`
 * lists renditions of a few widths (never wider than the original) from
 * Storage's image transformations, reached at /renditions/* the way the
 * originals are at /images/* (docs/deploy.md, "Images sized for their
 * slot"), and `sizes` says how wide the slot is, so the browser fetches the
 * smallest that is sharp enough. Without transformations (VITE_IMAGE_TRANSFORMS=off)
 * the original is the only source.
 */

/** The widths offered, from a phone's card to a wide screen's post page. */
export const renditionWidths = [320, 480, 640, 960, 1280, 1920] as const;
/** The quality asked of every rendition: one value, so a card and a list share their cached files. */
export const renditionQuality = 75;
/** The rendition `src` holds for browsers without `srcset`: about a card's width. */
const fallbackWidth = 640;

/** Where our images are shown, each with how wide it is at each layout (kept beside the CSS that lays it out). */
export const imageSlotSizes = {
  /** Home's pinned and important cards: one column on phones, 22rem beside each other (home-view.module.css). */
  card: "(min-width: 60rem) 22rem, 100vw",
  /** The picture beside a row in a list (post-row.module.css). */
  row: "5.5rem",
  /**
   * The post page's shown image (post-detail.module.css): below 60rem the page's
   * and the article's padding take 4rem (5rem from 40rem), so a phone is not
   * sent the next width up.
   */
  detail: "(min-width: 72rem) 46rem, (min-width: 60rem) 65vw, (min-width: 40rem) calc(100vw - 5rem), calc(100vw - 4rem)",
  /** The gallery's thumbnail strip. */
  strip: "96px",
  /** The media grids of the review panel and the editors (post-fields.module.css, 9rem columns and wider). */
  tile: "(min-width: 40rem) 14rem, 50vw",
  /** An image in a post's text. */
  content: "(min-width: 72rem) 46rem, 100vw",
} as const;

export type ImageSlot = keyof typeof imageSlotSizes;

export interface ImageSources {
  src: string;
  srcSet?: string;
  sizes?: string;
}

const ownImage = /^\/images\/([^?#]+)$/;

/** The object path of one of our images (`/images/{path}`), or null for any other URL. */
export function ownImagePath(url: string): string | null {
  return ownImage.exec(url)?.[1] ?? null;
}

/** The rendition of the object at `path` that is `width` pixels wide, site-relative like thumbnail_url. */
export function renditionUrl(path: string, width: number): string {
  return `/renditions/${path}?width=${width}&quality=${renditionQuality}`;
}

/** The widths worth offering for an original `originalWidth` wide (unknown: all of them): smaller ones, and the original's own. */
export function offeredWidths(originalWidth: number | null | undefined): number[] {
  if (!originalWidth) return [...renditionWidths];
  const largest = renditionWidths[renditionWidths.length - 1];
  return [...renditionWidths.filter((width) => width < Math.min(originalWidth, largest)), Math.min(originalWidth, largest)];
}

/** `src`, `srcSet` and `sizes` for the image at `url` in `slot`; another site's image, or transformations off, is the URL alone. */
export function imageSources(url: string, originalWidth: number | null | undefined, slot: ImageSlot, transforms: boolean): ImageSources {
  const path = transforms ? ownImagePath(url) : null;
  if (!path) return { src: url };
  const widths = offeredWidths(originalWidth);
  return {
    src: renditionUrl(path, widths.find((width) => width >= fallbackWidth) ?? widths[widths.length - 1]),
    srcSet: widths.map((width) => `${renditionUrl(path, width)} ${width}w`).join(", "),
    sizes: imageSlotSizes[slot],
  };
}
