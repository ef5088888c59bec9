/**
 * The media of a backup: every object of the bucket, listed and downloaded
 * through the Storage API with the service key, byte for byte, each into
 * `<stageDir>/media/<n>` with its size and SHA-256.
 */
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { formatBytes } from "./compatibility.ts";
import { objectEntryName, type ObjectEntry } from "./manifest.ts";
import type { Progress } from "./progress.ts";
import { eachLimit, type StorageApi, type StoredObject } from "./storage-api.ts";
import { hashingStream } from "./streams.ts";

/** Downloads at once: enough to hide each request's latency, few enough to stay gentle with the project. */
const parallelDownloads = 4;

export interface MediaResult {
  objects: ObjectEntry[];
  /** Objects listed but gone before they were read (deleted meanwhile). */
  vanished: string[];
}

export async function downloadMedia(storage: StorageApi, stageDir: string, progress: Progress): Promise<MediaResult> {
  const listing = progress.step("listing media", 0);
  const listed: StoredObject[] = [];
  for await (const object of storage.walk()) {
    listed.push(object);
    listing.tick();
  }
  listing.done(`${listed.length} objects`);

  await fs.mkdir(path.join(stageDir, "media"), { recursive: true });
  const total = listed.reduce((sum, o) => sum + o.size, 0);
  const step = progress.step("media", total, "bytes");
  const found: (ObjectEntry | undefined)[] = new Array(listed.length);
  await eachLimit(listed, parallelDownloads, async (object, i) => {
    const body = await storage.download(object.name);
    if (!body) return;
    const hashing = hashingStream((n) => step.tick(n));
    const file = path.join(stageDir, objectEntryName(i));
    await pipeline(body, hashing.stream, createWriteStream(file));
    found[i] = {
      bucket: storage.bucket,
      name: object.name,
      entry: "",
      size: hashing.bytes(),
      sha256: hashing.sha256(),
      contentType: object.contentType,
      cacheControl: object.cacheControl,
    };
  });

  // Numbered again without the objects that vanished, so entries run media/000000, 000001, … as the manifest lists them.
  const objects: ObjectEntry[] = [];
  const vanished: string[] = [];
  for (let i = 0; i < listed.length; i += 1) {
    const object = found[i];
    if (!object) {
      vanished.push(listed[i]!.name);
      continue;
    }
    const entry = objectEntryName(objects.length);
    if (entry !== objectEntryName(i)) await fs.rename(path.join(stageDir, objectEntryName(i)), path.join(stageDir, entry));
    objects.push({ ...object, entry });
  }
  const bytes = objects.reduce((sum, o) => sum + o.size, 0);
  step.done(`${objects.length} objects, ${formatBytes(bytes)}${vanished.length ? ` (${vanished.length} deleted while listed)` : ""}`);
  return { objects, vanished };
}

/**
 * Uploads every object of the backup (replacing any of the same name), with
 * its type and cache control; `uploaded` gets each name as it lands, so a
 * failure partway knows what to take back.
 */
export async function uploadMedia(storage: StorageApi, objects: ObjectEntry[], stageDir: string, progress: Progress, uploaded: string[]): Promise<void> {
  const total = objects.reduce((sum, o) => sum + o.size, 0);
  const step = progress.step("uploading media", total, "bytes");
  await eachLimit(objects, parallelDownloads, async (object) => {
    await storage.upload(object.name, path.join(stageDir, object.entry), object);
    uploaded.push(object.name);
    step.tick(object.size);
  });
  step.done(`${objects.length} objects, ${formatBytes(total)}`);
}
