import { Hono } from "hono";
import { z } from "zod";
import { anonymous } from "../auth/caller.ts";
import type { AppEnv } from "../context.ts";
import { asCaller } from "../db/lanes.ts";
import { archiveLines } from "../exports/archive-lines.ts";
import { csvHeader, csvRows } from "../exports/csv.ts";
import { exportCap, listedPosts } from "../exports/listed-posts.ts";
import { postRecord } from "../exports/post-record.ts";
import { listFilterOptions, postListFilters } from "../http/post-list-query.ts";
import { pageLimit } from "../http/params.ts";
import { textStream } from "../http/text-stream.ts";
import { validate } from "../http/validate.ts";

/**
 * /export: downloads (issue 41, "Download what you found"). Both are streamed
 * a page of posts at a time (a hosted function has little memory and CPU),
 * and read only what a visitor may read.
 */
export const exportRouter = new Hono<AppEnv>();

const exportPostsQuery = z.object({
  format: z.enum(["csv", "json"], { error: "format must be csv or json." }),
  ...postListFilters,
  // At most the cap: a smaller download (and the tests' way to see where it stops).
  limit: pageLimit(exportCap, exportCap),
});

const today = () => new Date().toISOString().slice(0, 10);

const contentTypes = { csv: "text/csv; charset=utf-8", json: "application/json; charset=utf-8" };

// All posts' current results (the list's own parameters), in the list's order.
exportRouter.get("/posts", validate("query", exportPostsQuery), async (c) => {
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

// A CDN may keep the whole archive for an hour and serve it a day longer while it fetches a fresh one.
const archiveHeaders = {
  "content-type": "application/jsonl; charset=utf-8",
  "content-disposition": 'attachment; filename="archive.jsonl"',
  "cache-control": "public, max-age=3600, stale-while-revalidate=86400",
};

// The whole published archive, one post a line; always a visitor's read, whoever asks, so every copy is the same.
exportRouter.get("/archive.jsonl", async (c) => {
  const lines = archiveLines((work) => asCaller(anonymous, work));
  const first = await lines.next();
  const body = textStream(async (write) => {
    for (let batch = first; !batch.done; batch = await lines.next()) await write(batch.value);
  });
  return c.body(body, 200, archiveHeaders);
});
