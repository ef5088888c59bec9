import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { anonymous } from "../auth/caller.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, callAsCaller } from "../db/lanes.ts";
import { archiveLines } from "../exports/archive-lines.ts";
import { csvHeader, csvRows } from "../exports/csv.ts";
import { exportCap, listedPosts } from "../exports/listed-posts.ts";
import { postRecord } from "../exports/post-record.ts";
import { addressHash, clientAddress } from "../http/client-address.ts";
import { fail } from "../http/errors.ts";
import { listFilterOptions, postListFilters } from "../http/post-list-query.ts";
import { pageLimit } from "../http/params.ts";
import { textStream } from "../http/text-stream.ts";
import { validate } from "../http/validate.ts";

/**
 * /export: downloads. Both are streamed
 * a page of posts at a time (a hosted function has little memory and CPU),
 * and read only what a visitor may read.
 */
export const exportRouter = new Hono<AppEnv>();

const downloadNames = { archive: "the whole archive", posts: "lists of posts" } as const;

/**
 * Each download reads every published post (or up to 10,000), so a client may
 * ask for so many an hour: a member by their account, a visitor by their
 * address (http/client-address.ts). The database counts them, so every
 * isolate of the function counts the same (private.hit_download_limit,
 * which holds the numbers); past them, 429 with Retry-After, never cached.
 */
const downloadLimit = (download: keyof typeof downloadNames): MiddlewareHandler<AppEnv> => async (c, next) => {
  const address = clientAddress(c.req.header("x-forwarded-for"));
  const hash = address === undefined ? null : await addressHash(address);
  const over = await callAsCaller<{ max: number; retry_after: number } | null>(
    c.var.caller,
    (sql) => sql`private.hit_download_limit(${download}, ${hash})`,
  );
  if (over) {
    c.header("Retry-After", String(over.retry_after));
    fail(429, `You can download ${downloadNames[download]} at most ${over.max} times an hour. Please try again later.`);
  }
  await next();
};

const exportPostsQuery = z.object({
  format: z.enum(["csv", "json"], { error: "format must be csv or json." }),
  ...postListFilters,
  // At most the cap: a smaller download (and the tests' way to see where it stops).
  limit: pageLimit(exportCap, exportCap),
});

const today = () => new Date().toISOString().slice(0, 10);

const contentTypes = { csv: "text/csv; charset=utf-8", json: "application/json; charset=utf-8" };

// All posts' current results (the list's own parameters), in the list's order.
exportRouter.get("/posts", validate("query", exportPostsQuery), downloadLimit("posts"), async (c) => {
  const query = c.req.valid("query");
  const pages = listedPosts((work) => asCaller(c.var.caller, work), listFilterOptions(query), query.limit);
  // The first page is read before anything is sent: a database that is down is still a 503 in the error envelope.
  const first = await pages.next();
  const body = textStream(async (write) => {
    let written = 0;
    await write(query.format === "csv" ? csvHeader : "[");
    for (let page = first; !page.done; page = await pages.next()) {
      const records = page.value.map(postRecord);
      if (query.format === "csv") {
        await write(csvRows(records));
      } else {
        await write(records.map((record) => `${written++ ? ",\n" : "\n"}${JSON.stringify(record)}`).join(""));
      }
    }
    if (query.format === "json") await write(written ? "\n]\n" : "]\n");
  });
  return c.body(body, 200, {
    "content-type": contentTypes[query.format],
    "content-disposition": `attachment; filename="archive-posts-${today()}.${query.format}"`,
  });
});

/**
 * The archive is the same for everyone, so a CDN (and any shared cache) may
 * keep it, but for five minutes at most and never past them, stale: a
 * revision an admin hides, or a post taken down, must leave every copy soon
 * (docs/security.md, "What a takedown takes"). Browsers ask again each time.
 */
const archiveCacheSeconds = 300;
const archiveHeaders = {
  "content-type": "application/jsonl; charset=utf-8",
  "content-disposition": 'attachment; filename="archive.jsonl"',
  "cache-control": `public, max-age=0, s-maxage=${archiveCacheSeconds}, must-revalidate`,
  "cdn-cache-control": `public, max-age=${archiveCacheSeconds}, must-revalidate`,
};

// The whole published archive, one post a line; always a visitor's read, whoever asks, so every copy is the same.
exportRouter.get("/archive.jsonl", downloadLimit("archive"), async (c) => {
  const lines = archiveLines((work) => asCaller(anonymous, work));
  const first = await lines.next();
  const body = textStream(async (write) => {
    for (let batch = first; !batch.done; batch = await lines.next()) await write(batch.value);
  });
  return c.body(body, 200, archiveHeaders);
});
