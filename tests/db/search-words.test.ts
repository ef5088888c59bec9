/**
 * private.search_words: the words "Did you mean …?" may suggest. They come
 * from published posts only, so a suggestion never gives away a word of a
 * pending or rejected post; they follow publishing, rejecting, editing and
 * deleting; and only private.search_suggestions reads them, never a visitor
 * or a member directly.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, createModerator, pgError } from "../support/callers.ts";

let author: TestUser;
let moderator: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [author, moderator, admin] = await Promise.all([createMember(), createModerator(), createAdmin()]);
});

/** A word of twelve random letters: no other post has it, nor anything like it. */
const newWord = () => Array.from({ length: 12 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
/** The word misspelt: one letter in the middle changed. */
const misspelt = (word: string) => `${word.slice(0, 6)}${word[6] === "q" ? "z" : "q"}${word.slice(7)}`;

/** How many published posts the dictionary says have `word` (0: it does not hold it). */
const postCount = async (word: string) =>
  (await sql<{ post_count: number }[]>`select post_count from private.search_words where word = ${word}`)[0]?.post_count ?? 0;

/** What a visitor is offered for `typed`, as the API asks. */
const suggestionsFor = async (typed: string) =>
  (await asCaller(null, (tx) => tx<{ suggestion: string }[]>`select suggestion from private.search_suggestions(array[${typed}]::text[])`))
    .map((row) => row.suggestion);

const postWith = (word: string, status: "pending" | "approved") =>
  createPost(author, { title: "A word of its own", content: `The ${word} stood by the door.`, status });

describe("private.search_words", () => {
  it("leaves out a pending post's word until the post is approved", async () => {
    const word = newWord();
    const postId = await postWith(word, "pending");
    expect(await postCount(word)).toBe(0);
    expect(await suggestionsFor(misspelt(word))).not.toContain(word);

    await asCaller(moderator, (tx) => tx`select private.approve_post(${postId})`, { commit: true });
    expect(await postCount(word)).toBe(1);
    expect(await suggestionsFor(misspelt(word))).toEqual([word]);
    // A word the archive has is not misspelt.
    expect(await suggestionsFor(word)).toEqual([]);
  });

  it("never takes the word of a rejected post", async () => {
    const word = newWord();
    const postId = await postWith(word, "pending");
    await asCaller(moderator, (tx) => tx`select private.reject_post(${postId})`, { commit: true });
    expect(await postCount(word)).toBe(0);
    expect(await suggestionsFor(misspelt(word))).not.toContain(word);
  });

  it("forgets a word when no published post has it any more: taken out of publication, deleted, edited away", async () => {
    const word = newWord();
    const [first, second] = [await postWith(word, "approved"), await postWith(word, "approved")];
    expect(await postCount(word)).toBe(2);

    await sql`update public.posts set status = 'rejected' where id = ${first}`;
    expect(await postCount(word)).toBe(1);
    expect(await suggestionsFor(misspelt(word))).toEqual([word]);

    await asCaller(admin, (tx) => tx`select private.delete_post(${second})`, { commit: true });
    expect(await postCount(word)).toBe(0);
    expect(await suggestionsFor(misspelt(word))).not.toContain(word);

    const edited = newWord();
    const postId = await postWith(edited, "approved");
    expect(await postCount(edited)).toBe(1);
    await sql`update public.posts set content = 'Nothing by the door now.' where id = ${postId}`;
    expect(await postCount(edited)).toBe(0);
  });

  it("is read by neither visitors nor members directly", async () => {
    const member = await createMember();
    for (const caller of [null, member]) {
      expect((await pgError(asCaller(caller, (tx) => tx`select word from private.search_words limit 1`))).code).toBe("42501");
      expect((await pgError(asCaller(caller, (tx) => tx`insert into private.search_words (word, post_count) values ('planted', 1)`))).code)
        .toBe("42501");
    }
  });
});
