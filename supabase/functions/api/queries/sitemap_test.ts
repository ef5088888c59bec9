import assert from "node:assert/strict";
import type { ReadTx } from "../db/lanes.ts";
import { publishedPostsById, type SitemapPost } from "./sitemap.ts";

/**
 * A stand-in for the posts table as publishedPostsById queries it: published
 * posts with the given ids, and each read counted (every batch must be a
 * short read of its own, not a cursor held while the client reads).
 */
function publishedPosts(ids: number[]) {
  const reads: string[] = [];
  const tx = ((strings: TemplateStringsArray, ...values: unknown[]) => {
    const text = strings.join("$");
    const byOffset = /offset \$ limit \$/.test(text);
    const [first, size] = values as [number | string, number];
    const from = byOffset ? Number(first) : ids.findIndex((id) => id > Number(first));
    reads.push(byOffset ? `offset ${first} limit ${size}` : `after ${first} limit ${size}`);
    const rows: SitemapPost[] = (from < 0 ? [] : ids.slice(from, from + size)).map((id) => ({ id: String(id), updated_at: new Date(0) }));
    return Promise.resolve(rows);
  }) as unknown as ReadTx;
  const read = <T>(work: (tx: ReadTx) => Promise<T>) => work(tx);
  return { read, reads };
}

async function collect(generator: AsyncGenerator<SitemapPost[]>): Promise<number[][]> {
  const batches: number[][] = [];
  for await (const rows of generator) batches.push(rows.map((row) => Number(row.id)));
  return batches;
}

// Published posts 1 to 5,000 with gaps (every seventh is not published).
const ids = Array.from({ length: 5_000 }, (_, i) => i + 1).filter((id) => id % 7 !== 0);

Deno.test("a page of the sitemap is read a batch at a time, each batch taken up after the last id sent", async () => {
  const { read, reads } = publishedPosts(ids);
  const batches = await collect(publishedPostsById(read, { offset: 10, limit: 2_500 }, 1_000));
  assert.deepEqual(batches.map((batch) => batch.length), [1_000, 1_000, 500]);
  assert.deepEqual(batches.flat(), ids.slice(10, 2_510));
  assert.deepEqual(reads, [`offset 10 limit 1000`, `after ${ids[1_009]} limit 1000`, `after ${ids[2_009]} limit 500`]);
});

Deno.test("the last page ends where the published posts end", async () => {
  const { read, reads } = publishedPosts(ids);
  const batches = await collect(publishedPostsById(read, { offset: ids.length - 1_200, limit: 50_000 }, 1_000));
  assert.deepEqual(batches.flat(), ids.slice(-1_200));
  assert.equal(reads.length, 2);
});

Deno.test("a page with no posts on it reads nothing", async () => {
  const { read, reads } = publishedPosts(ids);
  assert.deepEqual(await collect(publishedPostsById(read, { offset: 0, limit: 0 })), []);
  assert.equal(reads.length, 0);
});
