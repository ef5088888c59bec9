/**
 * Rejection reasons: an admin may say why a post or an edit suggestion was
 * turned down; its author (and only who may read the row) reads it.
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createEditSuggestion, createPost } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, pgError } from "../support/callers.ts";

describe("rejecting a post with a reason", () => {
  it("keeps the trimmed reason on the post, for its author, and in the moderation log", async () => {
    const [author, stranger, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
    const postId = await createPost(author, { status: "pending" });
    await asCaller(admin, (tx) => tx`select private.reject_post(${postId}, ${"  Please cite a source.  "})`, { commit: true });

    const [own] = await asCaller(author, (tx) => tx`select status, rejection_reason from public.posts where id = ${postId}`);
    expect(own).toEqual({ status: "rejected", rejection_reason: "Please cite a source." });
    expect(await asCaller(stranger, (tx) => tx`select rejection_reason from public.posts where id = ${postId}`)).toHaveLength(0);
    expect(await asCaller(null, (tx) => tx`select rejection_reason from public.posts where id = ${postId}`)).toHaveLength(0);
    const [log] = await sql`select details ->> 'reason' as reason from public.moderation_log where post_id = ${postId} and action = 'reject_post'`;
    expect(log.reason).toBe("Please cite a source.");
  });

  it("stores no reason when none or only blanks are given", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const [silent, blank] = await Promise.all([createPost(author, { status: "pending" }), createPost(author, { status: "pending" })]);
    await asCaller(admin, (tx) => tx`select private.reject_post(${silent})`, { commit: true });
    await asCaller(admin, (tx) => tx`select private.reject_post(${blank}, '   ')`, { commit: true });
    const rows = await sql`select rejection_reason from public.posts where id in (${silent}, ${blank})`;
    expect(rows).toEqual([{ rejection_reason: null }, { rejection_reason: null }]);
  });

  it("refuses a reason over 500 characters and leaves the post pending", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const postId = await createPost(author, { status: "pending" });
    expect(await pgError(asCaller(admin, (tx) => tx`select private.reject_post(${postId}, ${"x".repeat(501)})`, { commit: true })))
      .toEqual({ code: "PT400", message: "The reason can be at most 500 characters." });
    expect((await sql`select status from public.posts where id = ${postId}`)[0].status).toBe("pending");
  });

  it("cannot be written by the author: a new post starts without one", async () => {
    const author = await createMember();
    const [row] = await asCaller(author, (tx) => tx`
      insert into public.posts (title, excerpt, content, rejection_reason)
      values ('Mine', 'Mine', 'Mine', 'I rejected myself') returning rejection_reason`);
    expect(row.rejection_reason).toBeNull();
  });
});

describe("rejecting an edit suggestion with a reason", () => {
  it("keeps the reason for the suggestion's author; other members do not see the suggestion", async () => {
    const [author, suggester, stranger, admin] = await Promise.all([createMember(), createMember(), createMember(), createAdmin()]);
    const id = await createEditSuggestion(suggester, await createPost(author));
    await asCaller(admin, (tx) => tx`select private.reject_edit_suggestion(${id}, ${"The old title was right."})`, { commit: true });

    const [own] = await asCaller(suggester, (tx) => tx`select status, rejection_reason from public.edit_suggestions where id = ${id}`);
    expect(own).toEqual({ status: "rejected", rejection_reason: "The old title was right." });
    expect(await asCaller(stranger, (tx) => tx`select 1 from public.edit_suggestions where id = ${id}`)).toHaveLength(0);
  });

  it("refuses a reason over 500 characters, and members cannot reject at all", async () => {
    const [author, suggester, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
    const id = await createEditSuggestion(suggester, await createPost(author));
    expect(await pgError(asCaller(admin, (tx) => tx`select private.reject_edit_suggestion(${id}, ${"x".repeat(501)})`)))
      .toEqual({ code: "PT400", message: "The reason can be at most 500 characters." });
    expect(await pgError(asCaller(author, (tx) => tx`select private.reject_edit_suggestion(${id}, 'No')`)))
      .toEqual({ code: "PT403", message: "Moderator access required." });
    expect((await sql`select status from public.edit_suggestions where id = ${id}`)[0].status).toBe("pending");
  });
});
