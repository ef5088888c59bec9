/**
 * What may be uploaded with a post, read from the file the server's check also
 * reads (supabase/functions/_shared/media-limits.json), so the picker refuses
 * what the server would refuse and says so before the upload.
 */
import limits from "@shared/media-limits.json";

type MediaKind = "image" | "video";

const types = Object.entries(limits.types) as [string, { name: string; mediaType: string }][];

export const mediaLimits = { maxFiles: limits.maxFiles, maxImageBytes: limits.maxImageBytes, maxVideoBytes: limits.maxVideoBytes };

/** The `accept` attribute of a media file input. */
export const acceptedMediaTypes = types.map(([mime]) => mime).join(",");

function listInWords(items: string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

function formatsOf(kind: MediaKind): string {
  return listInWords(types.filter(([, type]) => type.mediaType === kind).map(([, type]) => type.name));
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

const maxBytes: Record<MediaKind, number> = { image: limits.maxImageBytes, video: limits.maxVideoBytes };

/** The picker's hint, e.g. "JPEG, PNG … images up to 10 MB; MP4 or WebM videos up to 50 MB; at most 10 files." */
export const mediaHelpText = `${formatsOf("image")} images up to ${megabytes(maxBytes.image)}; ${formatsOf("video")} videos up to ${megabytes(maxBytes.video)}; at most ${limits.maxFiles} files.`;

function kindOf(mime: string): MediaKind | null {
  const type = (limits.types as Record<string, { mediaType: string } | undefined>)[mime];
  return type?.mediaType === "image" || type?.mediaType === "video" ? type.mediaType : null;
}

/** Why a file cannot be uploaded, or null when it can. */
export function mediaProblem(file: { name: string; type: string; size: number }): string | null {
  const kind = kindOf(file.type);
  if (!kind) return `${file.name}: only ${formatsOf("image")} images and ${formatsOf("video")} videos can be uploaded.`;
  if (file.size > maxBytes[kind]) return `${file.name}: ${kind}s can be at most ${megabytes(maxBytes[kind])}.`;
  return null;
}

/** Why a file is refused once a post already has as many as it may hold. */
export function tooManyFilesProblem(file: { name: string }): string {
  return `At most ${limits.maxFiles} files per post: ${file.name} was not added.`;
}

/** Human-readable file size. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
