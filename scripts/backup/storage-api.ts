/**
 * The Storage HTTP API with the service key, as on a hosted project
 * (supabase/storage `src/http/routes/object/`): list a folder
 * (`POST /object/list/<bucket>`, `listObjects.ts`), download
 * (`GET /object/<bucket>/<name>`, `getObject.ts`), upload
 * (`POST /object/<bucket>/<name>` with `x-upsert`, `createObject.ts`) and
 * delete (`DELETE /object/<bucket>` with `prefixes`, `deleteObjects.ts`).
 */
import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import { fromWebStream, toWebStream } from "./streams.ts";
import type { Project } from "./target.ts";

/** What a list answers for an object (a folder has a null id and metadata). */
interface ListedItem {
  name: string;
  id: string | null;
  metadata: { size?: number; mimetype?: string; cacheControl?: string } | null;
}

export interface StoredObject {
  name: string;
  size: number;
  contentType: string;
  cacheControl: string | null;
}

/**
 * A page of a folder. `storage.search` answers at most 1,500 items whatever
 * `limit` asks (migrations/tenant/0063-fix-search-name-relative-to-prefix.sql),
 * so a page shorter than this limit, below that cap, is the folder's last.
 */
const pageSize = 1000;

export class StorageApi {
  constructor(
    private readonly project: Project,
    readonly bucket = "media",
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    // Both, as supabase-js sends them: the gateway reads `apikey`, Storage the bearer token.
    return { apikey: this.project.serviceKey, authorization: `Bearer ${this.project.serviceKey}`, ...extra };
  }

  private url(path: string): string {
    return `${this.project.supabaseUrl}/storage/v1/object/${path}`;
  }

  /** An object's URL path: each segment encoded, the slashes kept. */
  private objectPath(name: string): string {
    return `${encodeURIComponent(this.bucket)}/${name.split("/").map(encodeURIComponent).join("/")}`;
  }

  private async fail(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => "");
    let message = text;
    try {
      const body = JSON.parse(text) as { message?: string; statusCode?: string };
      message = `${body.statusCode ?? response.status} ${body.message ?? text}`;
    } catch {
      // not JSON: the text as it came
    }
    throw new Error(`Storage refused to ${what}: HTTP ${response.status} ${message}`.trim());
  }

  private async listPage(prefix: string, offset: number): Promise<ListedItem[]> {
    const response = await fetch(this.url(`list/${encodeURIComponent(this.bucket)}`), {
      method: "POST",
      headers: this.headers({ "content-type": "application/json" }),
      body: JSON.stringify({ prefix, limit: pageSize, offset, sortBy: { column: "name", order: "asc" } }),
    });
    if (!response.ok) await this.fail(response, `list ${this.bucket}/${prefix}`);
    return (await response.json()) as ListedItem[];
  }

  /** Every object of the bucket, folder by folder, page by page (a folder is listed when it is met). */
  async *walk(prefix = ""): AsyncGenerator<StoredObject> {
    for (let offset = 0; ; offset += pageSize) {
      const page = await this.listPage(prefix, offset);
      for (const item of page) {
        const name = prefix ? `${prefix}/${item.name}` : item.name;
        if (item.id === null) {
          yield* this.walk(name);
        } else {
          yield {
            name,
            size: Number(item.metadata?.size ?? 0),
            contentType: item.metadata?.mimetype ?? "application/octet-stream",
            cacheControl: item.metadata?.cacheControl ?? null,
          };
        }
      }
      if (page.length < pageSize) return;
    }
  }

  /** The object's bytes as a stream, or undefined when it is gone (deleted since it was listed). */
  async download(name: string): Promise<Readable | undefined> {
    const response = await fetch(this.url(this.objectPath(name)), { headers: this.headers() });
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => "");
      // Storage answers a missing object with 400 and statusCode "404" in the body (src/http/error-handler.ts).
      if (response.status === 404 || /"statusCode"\s*:\s*"404"/.test(text)) return undefined;
      throw new Error(`Storage refused to download ${this.bucket}/${name}: HTTP ${response.status} ${text}`.trim());
    }
    return fromWebStream(response.body);
  }

  /** Uploads a file as `name`, replacing any object of that name, with the type and cache control it had. */
  async upload(name: string, file: string, object: { size: number; contentType: string; cacheControl: string | null }): Promise<void> {
    const headers = this.headers({
      "content-type": object.contentType,
      "content-length": String(object.size),
      "x-upsert": "true",
      ...(object.cacheControl ? { "cache-control": object.cacheControl } : {}),
    });
    const response = await fetch(this.url(this.objectPath(name)), {
      method: "POST",
      headers,
      body: toWebStream(createReadStream(file)),
      duplex: "half",
    } as RequestInit);
    if (!response.ok) await this.fail(response, `upload ${this.bucket}/${name}`);
    await response.body?.cancel();
  }

  /** Deletes objects by name, a hundred a request. */
  async remove(names: string[]): Promise<void> {
    for (let i = 0; i < names.length; i += 100) {
      const response = await fetch(this.url(encodeURIComponent(this.bucket)), {
        method: "DELETE",
        headers: this.headers({ "content-type": "application/json" }),
        body: JSON.stringify({ prefixes: names.slice(i, i + 100) }),
      });
      if (!response.ok) await this.fail(response, `delete objects of ${this.bucket}`);
      await response.body?.cancel();
    }
  }
}

/** Runs `work` on every item, at most `limit` at a time; the first failure stops the rest and is thrown. */
export async function eachLimit<T>(items: Iterable<T>, limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  const iterator = items[Symbol.iterator]();
  let index = 0;
  let failed = false;
  const worker = async () => {
    for (;;) {
      if (failed) return;
      const next = iterator.next();
      if (next.done) return;
      const i = index++;
      try {
        await work(next.value, i);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}
