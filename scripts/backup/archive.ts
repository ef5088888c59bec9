/**
 * The backup file: a tar (manifest.json first, then the data files, then
 * the media), gzipped, then encrypted with age unless no recipient was
 * given. Written and read as streams, so memory stays flat whatever the
 * size: tar needs each entry's size first, which is why the parts are staged
 * on disk before they are packed.
 *
 * Reading checks as it goes: each entry must be one the manifest lists, with
 * its size and SHA-256; then every listed entry must have come. age and gzip
 * check their own integrity (age authenticates every 64 KiB chunk and marks
 * the last; gzip ends with a CRC and the length), so a file cut short or
 * changed anywhere fails here, before anything is written to a project.
 */
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import { decrypt, encrypt, isAgeFile, isGzipFile } from "./encryption.ts";
import { expectedEntries, manifestEntry, manifestProblems, maxManifestBytes, type Manifest } from "./manifest.ts";
import type { Progress } from "./progress.ts";
import { Refusal } from "./refusal.ts";
import { fromWebStream, hashingStream, toWebStream } from "./streams.ts";

/** A file, a backup that fails its checks: refused before anything is written. */
export class DamagedBackup extends Refusal {}

export interface StagedFile {
  entry: string;
  file: string;
  size: number;
}

/** Adds one staged file to the tar, at the pace the tar is read. */
function addEntry(pack: tar.Pack, staged: StagedFile, mtime: Date): Promise<void> {
  return new Promise((resolve, reject) => {
    const sink = pack.entry({ name: staged.entry, size: staged.size, mode: 0o600, mtime }, (error) => (error ? reject(error) : resolve()));
    pipeline(createReadStream(staged.file), sink).catch(reject);
  });
}

/**
 * Writes the tar.gz (encrypted to `recipients`, when there are any) to
 * `output`, and answers its size and SHA-256.
 */
export async function writeArchive(options: {
  files: StagedFile[];
  output: string;
  recipients: string[];
  createdAt: Date;
  progress: Progress;
}): Promise<{ bytes: number; sha256: string }> {
  const { files, output, recipients, progress } = options;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const step = progress.step(recipients.length ? "packing, encrypting" : "packing", total, "bytes");
  const pack = tar.pack();
  const feeding = (async () => {
    for (const staged of files) {
      await addEntry(pack, staged, options.createdAt);
      step.tick(staged.size);
    }
    pack.finalize();
  })();
  feeding.catch((error: Error) => pack.destroy(error));
  // Level 6, zlib's default: the data (COPY text) shrinks to a fifth or less; media are compressed already.
  const gzipped = new PassThrough();
  const compressing = pipeline(pack, createGzip(), gzipped);
  const hashing = hashingStream();
  const sealed = recipients.length ? fromWebStream(await encrypt(toWebStream(gzipped), recipients)) : gzipped;
  const writing = pipeline(sealed, hashing.stream, createWriteStream(output, { mode: 0o600 }));
  try {
    await Promise.all([feeding, compressing, writing]);
  } catch (error) {
    pack.destroy();
    gzipped.destroy();
    throw error;
  }
  step.done(`${files.length} files`);
  return { bytes: hashing.bytes(), sha256: hashing.sha256() };
}

/** How the file starts: an age file, a gzip file, or neither. */
export async function backupKind(file: string): Promise<"age" | "gzip" | "unknown"> {
  const handle = await fs.open(file, "r");
  try {
    const head = Buffer.alloc(32);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const start = head.subarray(0, bytesRead);
    return isAgeFile(start) ? "age" : isGzipFile(start) ? "gzip" : "unknown";
  } finally {
    await handle.close();
  }
}

async function readAll(entry: AsyncIterable<unknown>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new DamagedBackup("manifest.json is larger than any manifest");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a backup into `stageDir` (each entry at its own name under it),
 * checking everything; answers its manifest. `onManifest` sees the manifest
 * as soon as it is read (to refuse early, before the rest is unpacked).
 * Throws DamagedBackup when the file fails a check.
 */
export async function readArchive(options: {
  file: string;
  identities: string[];
  stageDir: string;
  progress: Progress;
  onManifest?: (manifest: Manifest) => void;
}): Promise<Manifest> {
  const { file, identities, stageDir, progress } = options;
  const kind = await backupKind(file);
  if (kind === "unknown") throw new DamagedBackup(`${file} is not a backup (neither age-encrypted nor gzip)`);
  if (kind === "age" && identities.length === 0) {
    throw new DamagedBackup("the backup is encrypted: set ARCHIVE_BACKUP_IDENTITY to the secret key (AGE-SECRET-KEY-1…) or the file that holds it");
  }
  if (kind === "gzip") progress.warn("this backup is not encrypted");
  const { size } = await fs.stat(file);
  const step = progress.step("checking the backup", size, "bytes");
  const raw = createReadStream(file);
  const counted = hashingStream((n) => step.tick(n));
  const source = raw.pipe(counted.stream);
  raw.on("error", (error) => counted.stream.destroy(error));
  let plain: Readable = source;
  if (kind === "age") {
    try {
      plain = fromWebStream(await decrypt(toWebStream(source), identities));
    } catch (error) {
      raw.destroy();
      throw new DamagedBackup(`the backup cannot be decrypted with ARCHIVE_BACKUP_IDENTITY (${(error as Error).message})`);
    }
  }

  const extract = tar.extract();
  /** What onManifest threw: passed on as it is. */
  let refusedEarly: unknown;
  const feeding = pipeline(plain, createGunzip(), extract);
  const reading = (async () => {
    let manifest: Manifest | undefined;
    const expected = new Map<string, { size: number; sha256: string }>();
    const seen = new Set<string>();
    for await (const entry of extract) {
      const name = entry.header.name;
      if (!manifest) {
        if (name !== manifestEntry) throw new DamagedBackup(`the backup does not start with ${manifestEntry} (it starts with ${name})`);
        let parsed: unknown;
        try {
          parsed = JSON.parse((await readAll(entry, maxManifestBytes)).toString("utf8"));
        } catch (error) {
          if (error instanceof DamagedBackup) throw error;
          throw new DamagedBackup(`${manifestEntry} is not JSON`);
        }
        const problems = manifestProblems(parsed);
        if (problems.length) throw new DamagedBackup(`${manifestEntry} is not one this code can restore: ${problems.slice(0, 5).join("; ")}`);
        manifest = parsed as Manifest;
        for (const e of expectedEntries(manifest)) expected.set(e.entry, e);
        try {
          options.onManifest?.(manifest);
        } catch (error) {
          refusedEarly = error;
          throw error;
        }
        continue;
      }
      const want = expected.get(name);
      if (!want || seen.has(name) || entry.header.type !== "file") throw new DamagedBackup(`the backup holds an entry its manifest does not list: ${name}`);
      seen.add(name);
      const target = path.join(stageDir, name);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const hashing = hashingStream();
      await pipeline(entry, hashing.stream, createWriteStream(target));
      if (hashing.bytes() !== want.size || hashing.sha256() !== want.sha256) {
        throw new DamagedBackup(`${describeEntry(manifest, name)} does not match its SHA-256 in the manifest (${hashing.bytes()} bytes, expected ${want.size})`);
      }
    }
    if (!manifest) throw new DamagedBackup("the backup holds no manifest");
    const missing = [...expected.keys()].filter((name) => !seen.has(name));
    if (missing.length) throw new DamagedBackup(`the backup lacks ${missing.length} of its files (${missing.slice(0, 3).map((m) => describeEntry(manifest!, m)).join(", ")})`);
    return manifest;
  })();
  try {
    const [, manifest] = await Promise.all([feeding, reading]);
    step.done(`sound: every file matches its SHA-256`);
    return manifest;
  } catch (error) {
    raw.destroy();
    extract.destroy();
    if (error instanceof DamagedBackup || (refusedEarly !== undefined && error === refusedEarly)) throw error;
    throw new DamagedBackup(`the backup file is damaged or cut short (${(error as Error).message})`);
  }
}

/** An entry as people know it: the table or the object's name. */
function describeEntry(manifest: Manifest, entry: string): string {
  const table = manifest.tables.find((t) => t.entry === entry);
  if (table) return `the data of ${table.schema}.${table.name}`;
  const object = manifest.objects.find((o) => o.entry === entry);
  return object ? `the object ${object.bucket}/${object.name}` : entry;
}
