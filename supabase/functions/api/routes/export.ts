import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { archiveInfo, exportedPosts } from "../../_shared/api/export.ts";
import { anonymous } from "../auth/caller.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, callAsCaller } from "../db/lanes.ts";
import { archiveLines } from "../exports/archive-lines.ts";
import { csvHeader, csvRows } from "../exports/csv.ts";
import { exportCap, listedPosts } from "../exports/listed-posts.ts";
import { postRecord } from "../exports/post-record.ts";
import { addressHash, clientAddress } from "../http/client-address.ts";
import { fail } from "../http/errors.ts";
import { access, errors, json, media, newRouter } from "../http/openapi.ts";
import { listFilterOptions, postListFilters } from "../http/post-list-query.ts";
import { pageLimit } from "../http/params.ts";
import { textStream } from "../http/text-stream.ts";

/**
 * /export: downloads. Both are streamed
 * a page of posts at a time (a hosted function has little memory and CPU),
 * and read only what a visitor may read.
 */
export const exportRouter = newRouter();

const downloadNames = { archive: "the whole archive", posts: "lists of posts" } as const;

/**
 * Each download reads every published post (or up to 10,000), so a client may
 * ask for so many an hour: a member by their account, a visitor by their
 * address (http/client-address.ts). The database counts them, so every
 * isolate of the function counts the same (private.hit_download_limit,
 * which holds the numbers); past them, 429 with Retry-After, never cached.
 */
async function countDownload(c: Context<AppEnv>, download: keyof typeof downloadNames): Promise<void> {
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
}

const tooMany = errors(429)[429];
const retryAfter = { "Retry-After": { description: "Seconds until another download is allowed.", schema: { type: "integer" as const } } };
const attachment = { "Content-Disposition": { description: "attachment, with the file's name.", schema: { type: "string" as const } } };

const exportPostsQuery = z.object({
  format: z.enum(["csv", "json"], { error: "format must be csv or json." }).meta({ description: "The file's format." }),
  ...postListFilters,
  // At most the cap: a smaller download (and the tests' way to see where it stops).
  limit: pageLimit(exportCap, exportCap).meta({ description: `At most this many posts (1 to ${exportCap}, ${exportCap} when left out).` }),
});

const today = () => new Date().toISOString().slice(0, 10);

const contentTypes = { csv: "text/csv; charset=utf-8", json: "application/json; charset=utf-8" };

// All posts' current results (the list's own parameters), in the list's order.
exportRouter.openapi(
  createRoute({
    method: "get",
    path: "/posts",
    operationId: "exportPosts",
    tags: ["Downloads"],
    summary: "All posts' current results as a CSV or JSON file",
    description:
      "The list's own filters and order (as GET /api/posts/all), at most 10,000 posts, streamed; only what a visitor may read. " +
      "A member may download so many an hour by their account, a visitor by their address: past that, 429 with Retry-After.",
    ...access("visitor"),
    request: { query: exportPostsQuery },
    responses: {
      200: {
        description: "The posts as a dated attachment (archive-posts-YYYY-MM-DD.csv or .json), streamed.",
        headers: attachment,
        content: { "text/csv": { schema: { type: "string" } }, "application/json": { schema: exportedPosts } },
      },
      ...errors(400),
      429: { ...tooMany, headers: retryAfter },
    },
  }),
  async (c) => {
    const query = c.req.valid("query");
    // Counted once the query is valid: a refused request costs no download.
    await countDownload(c, "posts");
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
  },
);

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
exportRouter.openapi(
  createRoute({
    method: "get",
    path: "/archive.jsonl",
    operationId: "exportArchive",
    tags: ["Downloads"],
    summary: "The whole published archive as JSON Lines",
    description:
      "One published post a line (its card, content, sources and revisions as the history page shows them), streamed; the same for everyone, " +
      "so a CDN may keep it five minutes. So many an hour per account or address: past that, 429 with Retry-After.",
    ...access("visitor"),
    responses: {
      200: { ...media("application/jsonl", "The archive as archive.jsonl, one post a line."), headers: attachment },
      ...errors(),
      429: { ...tooMany, headers: retryAfter },
    },
  }),
  async (c) => {
    await countDownload(c, "archive");
    const lines = archiveLines((work) => asCaller(anonymous, work));
    const first = await lines.next();
    const encoder = new TextEncoder();
    const body = textStream(async (write) => {
      let bytes = 0;
      for (let batch = first; !batch.done; batch = await lines.next()) {
        bytes += encoder.encode(batch.value).length;
        await write(batch.value);
      }
      // Only a whole download is measured: a reader gone midway stops the loop above with an error.
      await callAsCaller(anonymous, (sql) => sql`private.record_archive_size(${bytes})`);
    });
    return c.body(body, 200, archiveHeaders);
  },
);

// What the Data page says of the archive's download: its last measured size and its newest post; cheap, made from two rows.
exportRouter.openapi(
  createRoute({
    method: "get",
    path: "/archive-info",
    operationId: "getArchiveInfo",
    tags: ["Downloads"],
    summary: "The whole archive's size and newest post, without downloading it",
    description:
      "The archive is streamed as it is read, so its size is known only once sent: this gives the size of the last whole download " +
      "and when it was sent (null before the first), and when the newest post in it was published.",
    ...access("visitor"),
    responses: { 200: json(archiveInfo, "The archive's last measured size and newest post."), ...errors() },
  }),
  async (c) => {
    const [row] = await asCaller(anonymous, (tx) => tx<{ info: z.infer<typeof archiveInfo> }[]>`select private.archive_info() as info`);
    const info = row.info;
    c.header("cache-control", "no-store");
    return c.json(info, 200);
  },
);
