/**
 * Media limits have one source, supabase/functions/_shared/media-limits.json,
 * which the api function and the SPA import. Storage enforces its own copy
 * (the bucket row the posts migration inserts, and supabase/config.toml for
 * `supabase start` and `config push`), and so does the database (files per
 * post); none of them can import JSON, so they are checked against it here.
 */
import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import limits from "../../supabase/functions/_shared/media-limits.json" with { type: "json" };
import { sql } from "../support/database.ts";
import { asCaller, createMember, pgError } from "../support/callers.ts";

const largestFile = Math.max(limits.maxImageBytes, limits.maxVideoBytes);
const types = Object.keys(limits.types).sort();
const mebibytes = (text: string) => Number(/^(\d+)MiB$/.exec(text)?.[1]) * 1024 * 1024;

describe("media limits", () => {
  it("the media bucket takes the largest file and exactly the types media-limits.json allows", async () => {
    const [bucket] = await sql<{ file_size_limit: number; allowed_mime_types: string[] }[]>`
      select file_size_limit, allowed_mime_types from storage.buckets where id = 'media'`;
    expect(Number(bucket.file_size_limit)).toBe(largestFile);
    expect([...bucket.allowed_mime_types].sort()).toEqual(types);
  });

  it("supabase/config.toml says the same", () => {
    const config = parse(readFileSync(new URL("../../supabase/config.toml", import.meta.url), "utf8")) as {
      storage: { file_size_limit: string; buckets: { media: { file_size_limit: string; allowed_mime_types: string[] } } };
    };
    expect(mebibytes(config.storage.buckets.media.file_size_limit)).toBe(largestFile);
    expect(mebibytes(config.storage.file_size_limit)).toBeGreaterThanOrEqual(largestFile);
    expect([...config.storage.buckets.media.allowed_mime_types].sort()).toEqual(types);
  });

  it("the database refuses one file more than maxFiles on a post", async () => {
    const member = await createMember();
    const media = (n: number) => Array.from({ length: n }, (_, i) => ({ object_path: `limit${i}.png`, media_type: "image" }));
    const create = (n: number) => asCaller(member, (tx) =>
      tx`select private.create_post(${tx.json({ title: "T", excerpt: "E", content: "C", media: media(n) })})`);
    await create(limits.maxFiles);
    expect(await pgError(create(limits.maxFiles + 1)))
      .toEqual({ code: "PT400", message: `A post can have at most ${limits.maxFiles} media files.` });
  });
});
