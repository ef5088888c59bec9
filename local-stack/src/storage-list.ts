/**
 * `POST /storage/v1/object/list/<bucket>` (storage-js `list()`): the objects
 * and folders directly inside one folder of a bucket, as Supabase Storage
 * answers them. Tests use it to check what an upload left behind, and
 * `npm run backup` to walk the whole bucket (scripts/backup/storage-api.ts).
 *
 * As supabase/storage has it: the route and its body schema
 * (`src/http/routes/object/listObjects.ts`: `prefix` required, `limit` ≥ 1,
 * `offset` ≥ 0, `sortBy: {column, order}`, `search`), the prefix taken as a
 * folder (`src/storage/object.ts` `searchObjects`), and the answer of
 * `storage.search` (`migrations/tenant/0063-fix-search-name-relative-to-prefix.sql`):
 * at most 1,500 items a page whatever `limit` asks, names relative to the
 * folder, a folder as an item whose `id` and `metadata` are null, objects and
 * folders together in `lower(name) COLLATE "C"` order when sorted by name,
 * `search` matched case-insensitively at the start of the name.
 */
import fs from "node:fs/promises";
import path from "node:path";

export interface ObjectDescription {
  id: string;
  contentType: string;
  size: number;
  etag: string;
  cacheControl: string;
  createdAt: string;
  updatedAt: string;
}

/** `storage.search` returns at most this many items, whatever `limit` asks. */
export const maxListLimit = 1500;

export interface ListOptions {
  prefix: string;
  search: string;
  limit: number;
  offset: number;
  sortColumn: "name" | "created_at" | "updated_at" | "last_accessed_at";
  descending: boolean;
}

/** Storage's list body: `{ prefix, limit?, offset?, search?, sortBy?: { column, order } }`. */
export function listOptions(input: Record<string, unknown>): ListOptions | undefined {
  const { prefix, limit = 100, offset = 0, search = "", sortBy } = input;
  if (typeof prefix !== "string" || typeof search !== "string") return undefined;
  if (!Number.isInteger(limit) || !Number.isInteger(offset) || (limit as number) < 1 || (offset as number) < 0) return undefined;
  const sort = (sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = sort.column ?? "name";
  if (!["name", "created_at", "updated_at", "last_accessed_at"].includes(column as string)) return undefined;
  return {
    prefix: prefix.replace(/^\/+|\/+$/g, ""),
    search,
    limit: Math.min(limit as number, maxListLimit),
    offset: offset as number,
    sortColumn: column as ListOptions["sortColumn"],
    descending: String(sort.order ?? "asc").toLowerCase() === "desc",
  };
}

/** Lists one folder; `describe` gives an object's metadata (from its sidecar or the file). */
export async function listFolder(
  bucketDir: string,
  options: ListOptions,
  describe: (name: string) => Promise<ObjectDescription>,
) {
  const folder = path.join(bucketDir, options.prefix);
  if (!path.resolve(folder).startsWith(path.resolve(bucketDir))) return [];
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  const items = await Promise.all(
    entries
      .filter((entry) => !entry.name.startsWith(".") && entry.name.toLowerCase().startsWith(options.search.toLowerCase()))
      .map(async (entry) => {
        if (entry.isDirectory()) {
          return { name: entry.name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null };
        }
        const object = await describe(options.prefix ? `${options.prefix}/${entry.name}` : entry.name);
        return {
          name: entry.name,
          id: object.id,
          updated_at: object.updatedAt,
          created_at: object.createdAt,
          last_accessed_at: object.updatedAt,
          metadata: {
            eTag: object.etag,
            size: object.size,
            mimetype: object.contentType,
            cacheControl: object.cacheControl,
            lastModified: object.updatedAt,
            contentLength: object.size,
            httpStatusCode: 200,
          },
        };
      }),
  );
  type Item = (typeof items)[number];
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0) * (options.descending ? -1 : 1);
  // By name: lower(name) COLLATE "C", folders among objects (code unit order: UTF-8 byte order but for code points past U+FFFF).
  // By a date: the folders first, by name, then the objects by that date.
  const byName = (a: Item, b: Item) => compare(a.name.toLowerCase(), b.name.toLowerCase());
  const column = options.sortColumn;
  items.sort(
    column === "name"
      ? byName
      : (a, b) => (a.id === null) !== (b.id === null) ? (a.id === null ? -1 : 1) : a.id === null ? byName(a, b) : compare(a[column] ?? "", b[column] ?? ""),
  );
  return items.slice(options.offset, options.offset + options.limit);
}
