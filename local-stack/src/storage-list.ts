/**
 * `POST /storage/v1/object/list/<bucket>` (storage-js `list()`): the objects
 * and folders directly inside one folder of a bucket, as Supabase Storage
 * answers them. Tests use it to check what an upload left behind.
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
    limit: limit as number,
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
  const key = (item: (typeof items)[number]) => (options.sortColumn === "name" ? item.name : (item[options.sortColumn] ?? ""));
  items.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (options.descending ? -1 : 1));
  return items.slice(options.offset, options.offset + options.limit);
}
