/**
 * `/storage/v1/object/*`: the object subset of Supabase Storage that this
 * project uses (upload, public download, delete), with objects as files under
 * `<dataDir>/storage/<bucket>/` and their metadata (content type, size, etag)
 * in a sidecar tree `<dataDir>/storage/.metadata/<bucket>/<name>.json`.
 * Bucket rules (public, size limit, allowed types) come from the
 * storage.buckets row, as on Supabase. Errors have Storage's shape
 * `{ statusCode, error, message }`, which storage-js reads.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import fs from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import type { Sql } from "postgres";
import { storageDir } from "./config.ts";
import { bearerToken, corsHeaders, readJson, sendJson } from "./http.ts";
import type { AuthKeys } from "./keys.ts";
import { listFolder, listOptions, type ObjectDescription } from "./storage-list.ts";

export interface StorageContext {
  sql: Sql;
  keys: AuthKeys;
  dataDir: string;
}

interface Bucket {
  id: string;
  public: boolean | null;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

/** What the sidecar file keeps of an object: what a list shows of it. */
type ObjectMetadata = ObjectDescription;

/** Supabase Storage's global default upload limit. */
const defaultSizeLimit = 50 * 1024 * 1024;
/** Public objects are served for a long time: their paths are unique per upload in this project. */
const publicCacheControl = "public, max-age=31536000, immutable";

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    /** Storage's ErrorCode, which some answers carry beside `error` (src/internal/errors/storage-error.ts render()). */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const notFound = () => new StorageError(404, "not_found", "Object not found");
export const bucketNotFound = () => new StorageError(404, "Bucket not found", "Bucket not found");
const tooLarge = () => new StorageError(413, "Payload too large", "The object exceeded the maximum allowed size");
const unauthorized = () => new StorageError(403, "Unauthorized", "You must be signed in or use the service role key to change objects");

/**
 * Storage answers its own errors with HTTP 400 (500 stays 500) and the real
 * status as text in the body: a missing object is 400 with statusCode "404",
 * a duplicate 400 with "409" (supabase/storage src/http/error-handler.ts,
 * src/internal/errors/storage-error.ts). Only an unknown route is a plain 404.
 */
export function sendError(res: ServerResponse, error: StorageError): void {
  const httpStatus = error instanceof UnknownRoute ? 404 : error.status === 500 ? 500 : 400;
  const code = error.code ? { code: error.code } : {};
  sendJson(res, httpStatus, { statusCode: String(error.status), ...code, error: error.error, message: error.message });
}

export class UnknownRoute extends StorageError {}

const mimeByExtension: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".gif": "image/gif",
  ".avif": "image/avif",
  ".svg": "image/svg+xml",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".txt": "text/plain",
  ".json": "application/json",
  ".pdf": "application/pdf",
};
const guessMime = (name: string) => mimeByExtension[path.extname(name).toLowerCase()] ?? "application/octet-stream";

/**
 * The object name as a safe relative path: no `..`, `.` or empty segments,
 * no backslashes or control characters, so nothing outside the bucket folder
 * can be named.
 */
export function safeObjectName(raw: string): string {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    throw new StorageError(400, "InvalidKey", "Invalid key: bad percent-encoding");
  }
  const segments = name.split("/");
  const invalid =
    !name ||
    name.length > 1024 ||
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
    /[\\\u0000-\u001f\u007f]/.test(name) ||
    segments.some((segment) => segment === "" || segment === "." || segment === "..");
  if (invalid) throw new StorageError(400, "InvalidKey", `Invalid key: ${name}`);
  return segments.join("/");
}

export function paths(dataDir: string, bucket: string, name: string) {
  const root = storageDir(dataDir);
  const bucketDir = path.join(root, bucket);
  const file = path.resolve(bucketDir, name);
  // Belt and braces after safeObjectName: the resolved path must stay inside the bucket.
  if (!file.startsWith(bucketDir + path.sep)) throw new StorageError(400, "InvalidKey", `Invalid key: ${name}`);
  return { file, metadata: path.join(root, ".metadata", bucket, `${name}.json`), tmpDir: path.join(root, ".tmp") };
}

export async function readMetadata(file: string, metadataFile: string, name: string): Promise<ObjectMetadata> {
  const stored = await fs.readFile(metadataFile, "utf8").then((text) => JSON.parse(text) as ObjectMetadata).catch(() => undefined);
  if (stored) return stored;
  // A file put there by hand (or by an older run): describe it from the file itself.
  const stat = await fs.stat(file);
  return {
    id: randomUUID(),
    contentType: guessMime(name),
    size: stat.size,
    etag: `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`,
    cacheControl: "max-age=3600",
    createdAt: stat.birthtime.toISOString(),
    updatedAt: stat.mtime.toISOString(),
  };
}

async function writeMetadata(metadataFile: string, metadata: ObjectMetadata): Promise<void> {
  await fs.mkdir(path.dirname(metadataFile), { recursive: true });
  await fs.writeFile(metadataFile, JSON.stringify(metadata));
}

export async function findBucket(sql: Sql, id: string): Promise<Bucket> {
  const [bucket] = await sql<Bucket[]>`select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = ${id}`;
  if (!bucket) throw bucketNotFound();
  return bucket;
}

/**
 * Only the service role changes objects. On Supabase a signed-in user could
 * too where a storage.objects policy allows it; this project defines none
 * (media arrive through the api function, which checks their bytes), so
 * Supabase refuses them, and so does this stand-in.
 */
export async function assertMayWrite(ctx: StorageContext, req: IncomingMessage): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw unauthorized();
  if (token && ctx.keys.isServiceKey(token)) return;
  const claims = await ctx.keys.verify(token).catch(() => undefined);
  if (!claims) throw unauthorized();
  throw new StorageError(403, "Unauthorized", "new row violates row-level security policy");
}

function mimeAllowed(bucket: Bucket, contentType: string): boolean {
  const allowed = bucket.allowed_mime_types;
  if (!allowed || allowed.length === 0) return true;
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.endsWith("/*") ? type.startsWith(p.slice(0, -1)) : type === p;
  });
}

/** Counts bytes as they stream to disk and stops the upload as soon as it passes the limit. */
function sizeGuard(limit: number, hash: ReturnType<typeof createHash>) {
  let size = 0;
  return {
    size: () => size,
    stream: new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > limit) return done(tooLarge());
        hash.update(chunk);
        done(null, chunk);
      },
    }),
  };
}

type UploadSource = { body: Readable; contentType: string; cacheControl?: string };

/**
 * The file part of a multipart upload (supabase-js sends Blobs that way), as
 * a stream: parsed as it arrives, so the object is never held in memory.
 * storage-js puts its fields (cacheControl, metadata) before the file.
 */
function multipartFile(req: IncomingMessage): Promise<UploadSource> {
  const malformed = (message: string) => new StorageError(400, "InvalidRequest", message);
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fieldSize: 64 * 1024 } });
    } catch {
      return reject(malformed("The multipart body has no boundary"));
    }
    let cacheControl: string | undefined;
    parser.on("field", (name, value) => {
      if (name === "cacheControl") cacheControl = `max-age=${value}`;
    });
    parser.on("file", (_name, stream, info) =>
      resolve({ body: stream, contentType: info.mimeType || "application/octet-stream", cacheControl }));
    // Either settles nothing (a file came first) or says there was none.
    parser.on("close", () => reject(malformed("No file found in the multipart body")));
    parser.on("error", () => reject(malformed("The multipart body could not be read")));
    req.pipe(parser);
  });
}

/** The bytes and declared type of an upload: the raw body, or the file part of a multipart form. */
async function uploadSource(req: IncomingMessage): Promise<UploadSource> {
  const contentType = req.headers["content-type"] ?? "application/octet-stream";
  if (contentType.startsWith("multipart/form-data")) return await multipartFile(req);
  const cacheControl = req.headers["cache-control"];
  return { body: req, contentType, cacheControl: typeof cacheControl === "string" ? cacheControl : undefined };
}

async function upload(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string) {
  await assertMayWrite(ctx, req);
  const bucket = await findBucket(ctx.sql, bucketId);
  const limit = Math.min(Number(bucket.file_size_limit ?? defaultSizeLimit) || defaultSizeLimit, defaultSizeLimit);
  const declaredLength = Number(req.headers["content-length"] ?? 0);
  // Content-Length of a multipart body includes a little framing; the streamed check below is exact.
  if (declaredLength > limit + 64 * 1024) throw tooLarge();

  const target = paths(ctx.dataDir, bucketId, name);
  const upsert = req.method === "PUT" || req.headers["x-upsert"] === "true";
  if (!upsert && existsSync(target.file)) throw new StorageError(409, "Duplicate", "The resource already exists");

  const source = await uploadSource(req);
  if (!mimeAllowed(bucket, source.contentType)) {
    throw new StorageError(415, "invalid_mime_type", `mime type ${source.contentType} is not supported`);
  }

  await fs.mkdir(target.tmpDir, { recursive: true });
  const tmpFile = path.join(target.tmpDir, randomUUID());
  const hash = createHash("md5");
  const guard = sizeGuard(limit, hash);
  try {
    // Piped, not part of the pipeline: a pipeline that fails destroys its source, and a destroyed
    // request leaves the rest of its body on the connection, which then serves no further request.
    const written = pipeline(guard.stream, createWriteStream(tmpFile));
    // pipe() passes on data, not failures: a body cut off (the client went away, a form ended early) fails the write too.
    source.body.once("error", (error) => guard.stream.destroy(error));
    source.body.pipe(guard.stream);
    await written;
    await fs.mkdir(path.dirname(target.file), { recursive: true });
    await fs.rename(tmpFile, target.file);
  } catch (error) {
    await fs.rm(tmpFile, { force: true });
    // Drain what the client still sends, so it reads our answer instead of a reset connection,
    // and the connection can serve its next request.
    req.unpipe();
    req.resume();
    throw error;
  }
  const previous = await fs.readFile(target.metadata, "utf8").then((t) => JSON.parse(t) as ObjectMetadata).catch(() => undefined);
  const now = new Date().toISOString();
  const metadata: ObjectMetadata = {
    id: previous?.id ?? randomUUID(),
    contentType: source.contentType,
    size: guard.size(),
    etag: `"${hash.digest("hex")}"`,
    cacheControl: source.cacheControl ?? "max-age=3600",
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
  };
  await writeMetadata(target.metadata, metadata);
  sendJson(res, 200, { Id: metadata.id, Key: `${bucketId}/${name}` });
}

/** Serves an object, honouring one byte range (browsers seek in videos that way) and If-None-Match. */
async function download(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string, isPublic: boolean) {
  const bucket = await findBucket(ctx.sql, bucketId);
  if (isPublic && !bucket.public) throw bucketNotFound();
  if (!isPublic) await assertMayWrite(ctx, req);
  const target = paths(ctx.dataDir, bucketId, name);
  const stat = await fs.stat(target.file).catch(() => undefined);
  if (!stat?.isFile()) throw notFound();
  const metadata = await readMetadata(target.file, target.metadata, name);
  const headers: Record<string, string | number> = {
    ...corsHeaders,
    "Content-Type": metadata.contentType,
    "Cache-Control": isPublic ? publicCacheControl : metadata.cacheControl,
    ETag: metadata.etag,
    "Last-Modified": stat.mtime.toUTCString(),
    "Accept-Ranges": "bytes",
  };
  if (req.headers["if-none-match"] === metadata.etag) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? "");
  let start = 0;
  let end = stat.size - 1;
  let status = 200;
  if (range && (range[1] || range[2])) {
    if (range[1]) {
      start = Number(range[1]);
      if (range[2]) end = Math.min(Number(range[2]), end);
    } else {
      start = Math.max(0, stat.size - Number(range[2]));
    }
    if (start > end || start >= stat.size) {
      res.writeHead(416, { ...corsHeaders, "Content-Range": `bytes */${stat.size}` });
      return void res.end();
    }
    status = 206;
    headers["Content-Range"] = `bytes ${start}-${end}/${stat.size}`;
  }
  headers["Content-Length"] = stat.size === 0 ? 0 : end - start + 1;
  res.writeHead(status, headers);
  if (req.method === "HEAD" || stat.size === 0) return void res.end();
  await pipeline(createReadStream(target.file, { start, end }), res);
}

async function removeObject(ctx: StorageContext, bucketId: string, name: string) {
  const target = paths(ctx.dataDir, bucketId, name);
  if (!existsSync(target.file)) return undefined;
  const metadata = await readMetadata(target.file, target.metadata, name);
  await fs.rm(target.file, { force: true });
  await fs.rm(target.metadata, { force: true });
  return {
    name,
    bucket_id: bucketId,
    id: metadata.id,
    created_at: metadata.createdAt,
    updated_at: metadata.updatedAt,
    last_accessed_at: metadata.updatedAt,
    metadata: { mimetype: metadata.contentType, size: metadata.size, eTag: metadata.etag, cacheControl: metadata.cacheControl },
  };
}

async function remove(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string, name: string | undefined) {
  await assertMayWrite(ctx, req);
  await findBucket(ctx.sql, bucketId);
  if (name !== undefined) {
    const removed = await removeObject(ctx, bucketId, name);
    if (!removed) throw notFound();
    return sendJson(res, 200, { message: "Successfully deleted" });
  }
  // storage-js remove(): DELETE /object/<bucket> with { prefixes: [names] }; answers with the objects deleted.
  const input = await readJson(req).catch(() => ({}) as Record<string, unknown>);
  const prefixes = input.prefixes;
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== "string")) {
    throw new StorageError(400, "InvalidRequest", "body must have a prefixes array of object names");
  }
  const removed = [];
  for (const prefix of prefixes as string[]) {
    const result = await removeObject(ctx, bucketId, safeObjectName(encodeURIComponent(prefix)));
    if (result) removed.push(result);
  }
  sendJson(res, 200, removed);
}

/** Only the service role lists, as no storage.objects policy lets anyone else. */
async function list(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, bucketId: string) {
  await assertMayWrite(ctx, req);
  await findBucket(ctx.sql, bucketId);
  const options = listOptions(await readJson(req).catch(() => ({}) as Record<string, unknown>));
  if (!options) throw new StorageError(400, "InvalidRequest", "body must have a prefix, and may have limit, offset, search and sortBy");
  const bucketDir = path.join(storageDir(ctx.dataDir), bucketId);
  const items = await listFolder(bucketDir, options, (name) => {
    const target = paths(ctx.dataDir, bucketId, name);
    return readMetadata(target.file, target.metadata, name);
  });
  sendJson(res, 200, items);
}

/** Handles a request whose path starts with /storage/v1/object; `rest` is what follows (e.g. `/public/media/a.png`). */
export async function handleStorage(ctx: StorageContext, req: IncomingMessage, res: ServerResponse, rest: string): Promise<void> {
  try {
    const method = req.method ?? "GET";
    const publicMatch = /^\/public\/([^/]+)\/(.+)$/.exec(rest);
    if (publicMatch && (method === "GET" || method === "HEAD")) {
      return await download(ctx, req, res, publicMatch[1]!, safeObjectName(publicMatch[2]!), true);
    }
    const listMatch = /^\/list\/([^/]+)\/?$/.exec(rest);
    if (listMatch && method === "POST") return await list(ctx, req, res, listMatch[1]!);
    const bucketOnly = /^\/([^/]+)\/?$/.exec(rest);
    if (bucketOnly && method === "DELETE") return await remove(ctx, req, res, bucketOnly[1]!, undefined);
    const objectMatch = /^\/(?!public\/)([^/]+)\/(.+)$/.exec(rest);
    if (objectMatch) {
      const [bucketId, name] = [objectMatch[1]!, safeObjectName(objectMatch[2]!)];
      if (method === "POST" || method === "PUT") return await upload(ctx, req, res, bucketId, name);
      if (method === "DELETE") return await remove(ctx, req, res, bucketId, name);
      if (method === "GET" || method === "HEAD") return await download(ctx, req, res, bucketId, name, false);
    }
    throw new UnknownRoute(404, "not_found", `${method} /storage/v1/object${rest} is not part of the local Storage stand-in`);
  } catch (error) {
    if (error instanceof StorageError) {
      if (!res.headersSent) sendError(res, error);
      else res.destroy();
      return;
    }
    throw error;
  }
}

/** Copies a folder of files into a bucket (the seed's media), keeping relative paths. */
export async function importFolder(dataDir: string, bucketId: string, sourceDir: string): Promise<number> {
  let count = 0;
  const entries = await fs.readdir(sourceDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const source = path.join(entry.parentPath, entry.name);
    const name = path.relative(sourceDir, source).split(path.sep).join("/");
    const target = paths(dataDir, bucketId, name);
    await fs.mkdir(path.dirname(target.file), { recursive: true });
    await fs.copyFile(source, target.file);
    const bytes = await fs.readFile(source);
    const now = new Date().toISOString();
    await writeMetadata(target.metadata, {
      id: randomUUID(),
      contentType: guessMime(name),
      size: bytes.length,
      etag: `"${createHash("md5").update(bytes).digest("hex")}"`,
      cacheControl: "max-age=3600",
      createdAt: now,
      updatedAt: now,
    });
    count++;
  }
  return count;
}
