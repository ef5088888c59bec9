import type { ImageSize } from "./image-metadata/image-size.ts";
import type { MetadataFilter } from "./strip-image-metadata.ts";

/**
 * Whether an image of `size` has more pixels than `maxPixels`. Supabase's
 * image transformations refuse such a source ("The image resolution cannot
 * exceed 50MP": imgproxy's IMGPROXY_MAX_SRC_RESOLUTION, in megapixels), so
 * it could never be shown at the size of its slot; and the size is the one
 * its header declares, which a file of a few bytes can make anything.
 */
export const hasTooManyPixels = (size: ImageSize | undefined, maxPixels: number): boolean =>
  size !== undefined && size.width * size.height > maxPixels;

/** "bomb.png is 50000 × 50000 pixels; images can have at most 50 megapixels." */
export const tooManyPixelsMessage = (name: string, { width, height }: ImageSize, maxPixels: number) =>
  `${name} is ${width} × ${height} pixels; images can have at most ${maxPixels / 1_000_000} megapixels.`;

/**
 * `filter`, failing with `refusal(size)` as soon as the header it has read
 * declares more than `maxPixels`: a header comes first, so the upload stops
 * there instead of after the whole file.
 */
export function withPixelLimit(filter: MetadataFilter, maxPixels: number, refusal: (size: ImageSize) => unknown): MetadataFilter {
  const check = () => {
    const size = filter.size();
    if (size && hasTooManyPixels(size, maxPixels)) throw refusal(size);
  };
  return {
    write(chunk, out) {
      filter.write(chunk, out);
      check();
    },
    end() {
      filter.end();
      check();
    },
    size: () => filter.size(),
  };
}
