/**
 * private.public_author and private.author_posts: an author page exists
 * exactly for the accounts whose name visitors may read
 * (private.has_public_contribution), shows the sign-up month and nothing else
 * of the profile, and lists approved posts only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, type Caller, createMember } from "../support/callers.ts";

let author: TestUser;
let approved: number;

beforeAll(async () => {
  author = await createMember({ firstName: "Page", lastName: "Author" });
  approved = await createPost(author, { title: "Approved" });
  await createPost(author, { title: "Pending", status: "pending" });
  await createPost(author, { title: "Rejected", status: "rejected" });
});

const authorAs = async (caller: Caller, id: string) =>
  asCaller(caller, async (tx) => {
    const [row] = await tx<{ author: string | null }[]>`select private.public_author(${id}::uuid) as author`;
    return row.author === null ? null : JSON.parse(row.author);
  });

const postTitlesAs = async (caller: Caller, id: string) =>
  asCaller(caller, async (tx) =>
    (await tx<{ post: string }[]>`select post from private.author_posts(${id}::uuid, 10, null, null)`).map((row) => JSON.parse(row.post).title));

describe("author pages", () => {
  it("name the author, the month they joined and their approved posts", async () => {
    const [profile] = await sql<{ month: string }[]>`select to_char(created_at at time zone 'UTC', 'YYYY-MM') as month from public.profiles where id = ${author.id}`;
    expect(await authorAs(null, author.id)).toEqual({ id: author.id, name: "Page Author", member_since: profile.month, post_count: 1 });
    expect(await postTitlesAs(null, author.id)).toEqual(["Approved"]);
  });

  it("exist for whoever visitors may name: the profiles policy for anon agrees", async () => {
    const quiet = await createMember();
    const commenter = await createMember();
    await createComment(commenter, approved);
    for (const person of [author, quiet, commenter]) {
      const named = await asCaller(null, async (tx) => (await tx`select 1 from public.profiles where id = ${person.id}`).length === 1);
      expect(await authorAs(null, person.id) !== null).toBe(named);
    }
    expect(await authorAs(null, quiet.id)).toBeNull();
    // Not even for the quiet member themselves: the page is the same for everyone.
    expect(await authorAs(quiet, quiet.id)).toBeNull();
  });

  it("refuse a page size out of range", async () => {
    await expect(asCaller(null, (tx) => tx`select * from private.author_posts(${author.id}::uuid, 0, null, null)`)).rejects.toMatchObject({ code: "PT400" });
  });
});
