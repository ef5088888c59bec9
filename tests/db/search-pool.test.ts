/**
 * private.search_posts's Best match over posts its pool of the newest posts
 * cannot see: a word that more than a thousand old posts have and none of the
 * newest. The page still fills from what the GIN index lists, the count says
 * "more than", and the pages go on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { asCaller, createMember } from "../support/callers.ts";
import type { TestUser } from "../support/fixtures.ts";

let author: TestUser;
/** Twelve random letters: no other post has the word. */
const word = Array.from({ length: 12 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
const spreadPosts = 1050;

beforeAll(async () => {
  author = await createMember();
  // Decades before anything else in the test database, so the newest posts (the pool's walk) hold none of them.
  await sql`
    insert into public.posts (author_id, title, excerpt, content, post_type, status, created_at)
    select ${author.id}, 'An old post ' || n, 'From long ago.', 'It mentions ' || ${word} || ' once.', 'discussion', 'approved',
           timestamptz '1960-01-01' + n * interval '1 day'
    from generate_series(1, ${spreadPosts}) as n`;
}, 120_000);

afterAll(async () => {
  await sql`delete from public.posts where author_id = ${author.id}`;
});

type Row = { id: string; sort_key: string; total: number | null; exact: boolean | null };

const bestMatch = (cursor?: { key: string; id: string }) =>
  asCaller(null, (tx) => tx<Row[]>`
    select id, sort_key, total, exact from private.search_posts(
      p_sort => 'best', p_limit => 21,
      p_search => ${JSON.stringify([{ exclude: false, anyOf: [{ kind: "word", text: word }] }])}::text::jsonb,
      p_cursor_key => ${cursor?.key ?? null}::text, p_cursor_id => ${cursor?.id ?? null}::bigint,
      p_with_matches => false, p_count_cap => ${cursor ? null : 1000}::integer)`);

describe("Best match of a word only old posts have", () => {
  it("fills its pages from the index's list and counts past the cap", async () => {
    const first = await bestMatch();
    expect(first).toHaveLength(21);
    expect(first[0]).toMatchObject({ total: 1000, exact: false });

    // The next page starts after the 20th, with the row that told there was one.
    const second = await bestMatch({ key: first[19].sort_key, id: first[19].id });
    expect(second).toHaveLength(21);
    expect(second[0].id).toBe(first[20].id);
    expect(new Set([...first, ...second].map((row) => row.id)).size).toBe(41);
  });
});
