/**
 * `/storage/v1/render/image/{public,authenticated}/<bucket>/<name>`: Supabase
 * Storage's image transformations, with sharp (libvips) where Storage asks
 * imgproxy. Imitates supabase/storage src/http/routes/render/renderPublicImage.ts
 * and renderAuthenticatedImage.ts (routes), src/storage/renderer/image.ts
 * (parameters to imgproxy, its error messages) and renderer.ts (headers), with
 * the limits of Supabase's docs (guides/storage/serving/image-transformations:
 * sizes 1-2500, sources up to 25 MB and 50 MP, quality 20-100 default 80,
 * automatic WebP). What differs is listed in local-stack/README.md.
 */
import fs from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import sharp from "sharp";
import { corsHeaders } from "./http.ts";
import {
  assertMayWrite,
  bucketNotFound,
  findBucket,
  notFound,
  paths,
  readMetadata,
  safeObjectName,
  sendError,
  StorageError,
  type StorageContext,
  UnknownRoute,
} from "./storage.ts";
import { InvalidTransformation, parseTransformOptions, type Gravity, type TransformOptions } from "./storage-render-options.ts";

/** Docs: "Width and height must be an integer value between 1-2500"; larger values are clamped (image.ts applyTransformation). */
export const sizeLimits = { min: 1, max: 2500 };
/** Docs: "The image size cannot exceed 25MB." */
export const maxSourceBytes = 25 * 1024 * 1024;
/** Docs: "The image resolution cannot exceed 50MP." */
export const maxSourcePixels = 50_000_000;
/** Docs: quality "defaults to 80". */
export const defaultQuality = 80;

// Renditions are made once per request and sent: libvips' operation cache would only keep memory.
sharp.cache(false);

type OutputFormat = "jpeg" | "png" | "webp" | "avif" | "gif" | "tiff";

// imgproxy's resizing types for Storage's modes (image.ts formatResizeType; cover is the default).
const imgproxyResizing = { cover: "fill", contain: "fit", fill: "force" } as const;
// imgproxy's fill keeps the aspect ratio and crops, fit fits inside, force stretches.
const sharpFit = { cover: "cover", contain: "inside", fill: "fill" } as const;
const sharpPosition: Record<Gravity, string> = {
  no: "north",
  so: "south",
  ea: "east",
  we: "west",
  noea: "northeast",
  nowe: "northwest",
  soea: "southeast",
  sowe: "southwest",
  ce: "centre",
  sm: "attention",
  fp: "centre",
};

/** imgproxy's failures as Storage words them (image.ts IMGPROXY_SOURCE_IMAGE_BAD_REQUESTS), all 400 InvalidRequest. */
const sourceRefused = (message: string) => new StorageError(400, "InvalidRequest", message, "InvalidRequest");
const unsupportedSource = () => sourceRefused("The source image is invalid or unsupported for rendering");
const clampSize = (size: number) => Math.min(Math.max(size, sizeLimits.min), sizeLimits.max);

/** What Storage lists in X-Transformations: the imgproxy options it asked for (image.ts applyTransformation). */
function transformationSegments(options: TransformOptions): string[] {
  const segments: string[] = [];
  if (options.height) segments.push(`height:${clampSize(options.height)}`);
  if (options.width) segments.push(`width:${clampSize(options.width)}`);
  if (options.width || options.height) segments.push(`resizing_type:${imgproxyResizing[options.resize ?? "cover"]}`);
  if (options.quality) segments.push(`quality:${options.quality}`);
  if (options.format && options.format !== "origin") segments.push(`format:${options.format}`);
  if (options.gravity) segments.push(`gravity:${options.gravity}`);
  return segments;
}

/** The source's own format if it can be written, as imgproxy keeps it; AVIF is HEIF with AV1 inside. */
function originFormat(metadata: sharp.Metadata): OutputFormat {
  if (metadata.format === "heif") return metadata.compression === "av1" ? "avif" : "jpeg";
  const kept = ["jpeg", "png", "webp", "gif", "tiff"] as const;
  return kept.find((format) => format === metadata.format) ?? (metadata.hasAlpha ? "png" : "jpeg");
}

/**
 * An explicit format wins; without one, a client whose Accept names
 * image/webp gets WebP (imgproxy's IMGPROXY_ENABLE_WEBP_DETECTION, which
 * Supabase runs; the docs: "We currently only support WebP" for the automatic
 * choice). format=origin keeps the source's format whatever Accept says.
 */
function outputFormat(options: TransformOptions, accept: string | undefined, metadata: sharp.Metadata): OutputFormat {
  if (options.format === "webp" || options.format === "avif") return options.format;
  if (options.format !== "origin" && accept?.includes("image/webp")) return "webp";
  return originFormat(metadata);
}

/** Quality applies to the lossy formats; sharp's PNG quality would quantise to a palette, which imgproxy does not by default. */
const encoders: Record<OutputFormat, (image: sharp.Sharp, quality: number) => sharp.Sharp> = {
  // Progressive, as Supabase's imgproxy setup has it (IMGPROXY_JPEG_PROGRESSIVE=true in the docs).
  jpeg: (image, quality) => image.jpeg({ quality, progressive: true }),
  webp: (image, quality) => image.webp({ quality }),
  avif: (image, quality) => image.avif({ quality }),
  tiff: (image, quality) => image.tiff({ quality }),
  png: (image) => image.png(),
  gif: (image) => image.gif(),
};

/** Reads the source's header only: format and size, refused as imgproxy refuses them. */
async function describeSource(file: string, bytes: number): Promise<sharp.Metadata> {
  if (bytes > maxSourceBytes) throw sourceRefused("The source image file is too large to process");
  const metadata = await sharp(file, { limitInputPixels: false }).metadata().catch(() => {
    throw unsupportedSource();
  });
  if (!metadata.width || !metadata.height) throw unsupportedSource();
  if (metadata.width * metadata.height > maxSourcePixels) throw sourceRefused("The source image resolution is too large to process");
  return metadata;
}

/** The rendition: upright (EXIF orientation applied, as imgproxy's auto-rotate), resized, encoded, metadata stripped. */
async function renderImage(file: string, options: TransformOptions, format: OutputFormat): Promise<Buffer> {
  let image = sharp(file, { limitInputPixels: maxSourcePixels }).autoOrient();
  if (options.width || options.height) {
    const resize = options.resize ?? "cover";
    image = image.resize({
      width: options.width ? clampSize(options.width) : undefined,
      height: options.height ? clampSize(options.height) : undefined,
      fit: sharpFit[resize],
      position: sharpPosition[options.gravity ?? "ce"],
      // imgproxy never enlarges unless asked (IMGPROXY_ENLARGE is off), and Storage never asks.
      withoutEnlargement: true,
    });
  }
  const quality = options.quality ?? defaultQuality;
  return await encoders[format](image, quality).toBuffer().catch(() => {
    throw unsupportedSource();
  });
}

/**
 * Cache-Control as renderer.ts handleCacheControl: the object's own, and a
 * revalidating client whose ETag is stale may use it 30 s more. Storage sends
 * no 304 itself (its CDN does), so neither does this.
 */
function cacheControl(req: IncomingMessage, objectCacheControl: string, etag: string): string {
  const sent = req.headers["if-none-match"];
  return sent && sent !== etag ? `${objectCacheControl}, stale-while-revalidate=30` : objectCacheControl;
}

/** renderer.ts handleDownload: `download` makes the answer an attachment, named when a name is given. */
function contentDisposition(download: string | undefined): Record<string, string> {
  if (download === undefined) return {};
  if (download === "") return { "Content-Disposition": "attachment;" };
  const name = encodeURIComponent(download);
  return { "Content-Disposition": `attachment; filename=${name}; filename*=UTF-8''${name}` };
}

async function render(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, access: string, bucketId: string, name: string, query: URLSearchParams) {
  // Fastify validates the query before the handler runs: bad parameters are refused before any lookup.
  const options = parseTransformOptions(query);
  const bucket = await findBucket(ctx.sql, bucketId);
  if (access === "public" && !bucket.public) throw bucketNotFound();
  if (access === "authenticated") await assertMayWrite(ctx, req);
  const target = paths(ctx.dataDir, bucketId, name);
  const stat = await fs.stat(target.file).catch(() => undefined);
  if (!stat?.isFile()) throw notFound();
  const object = await readMetadata(target.file, target.metadata, name);

  const source = await describeSource(target.file, stat.size);
  const format = outputFormat(options, req.headers.accept, source);
  const body = await renderImage(target.file, options, format);
  const transformations = transformationSegments(options);
  res.writeHead(200, {
    ...corsHeaders,
    "Accept-Ranges": "bytes",
    "Content-Type": `image/${format}`,
    "Content-Length": body.length,
    // The source object's ETag, as Storage sends (image.ts getAsset: headObj.eTag).
    ETag: object.etag,
    "Cache-Control": cacheControl(req, object.cacheControl, object.etag),
    "X-Robots-Tag": "none",
    ...(transformations.length > 0 ? { "X-Transformations": transformations.join(",") } : {}),
    ...contentDisposition(options.download),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Handles a request whose path starts with /storage/v1/render/image; `rest` is what follows (e.g. `/public/media/a.jpg`). */
export async function handleRender(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, rest: string, query: URLSearchParams): Promise<void> {
  try {
    const match = /^\/(public|authenticated)\/([^/]+)\/(.+)$/.exec(rest);
    if (!match || (req.method !== "GET" && req.method !== "HEAD")) {
      // Fastify's not-found answer for routes Storage does not have (src/http/not-found-handler.ts).
      throw new UnknownRoute(404, "Not Found", `Route ${req.method}:/render/image${rest} not found`);
    }
    await render(ctx, req, res, match[1]!, match[2]!, safeObjectName(match[3]!), query);
  } catch (error) {
    if (error instanceof InvalidTransformation) {
      // Storage's error handler for a Fastify validation error (src/http/error-handler.ts).
      return sendError(res, new StorageError(400, "FastifyError", error.message, "InvalidRequest"));
    }
    if (error instanceof StorageError) return sendError(res, error);
    throw error;
  }
}
