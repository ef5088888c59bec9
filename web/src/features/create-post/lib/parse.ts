/** Parsers of the create-post form (SPEC §5); the field parsers are shared with other forms. */
export { eventTimestamp, formatInfoBoxLines, parseInfoBoxLines, parseTags, splitEventTimestamp } from "@/lib/post-fields";

/** SPEC §7 / the server's media check: what may be uploaded. */
export const mediaLimits = {
  maxFiles: 10,
  maxImageBytes: 10 * 1024 * 1024,
  maxVideoBytes: 50 * 1024 * 1024,
  imageTypes: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"],
  videoTypes: ["video/mp4", "video/webm"],
} as const;

export const acceptedMediaTypes = [...mediaLimits.imageTypes, ...mediaLimits.videoTypes].join(",");

/** Why a file cannot be uploaded, or null when it can. */
export function mediaProblem(file: { name: string; type: string; size: number }): string | null {
  const isImage = (mediaLimits.imageTypes as readonly string[]).includes(file.type);
  const isVideo = (mediaLimits.videoTypes as readonly string[]).includes(file.type);
  if (!isImage && !isVideo) return `${file.name}: only JPEG, PNG, WebP, GIF or AVIF images and MP4 or WebM videos can be uploaded.`;
  if (isImage && file.size > mediaLimits.maxImageBytes) return `${file.name}: images can be at most 10 MB.`;
  if (isVideo && file.size > mediaLimits.maxVideoBytes) return `${file.name}: videos can be at most 50 MB.`;
  return null;
}

/** Human-readable file size. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
