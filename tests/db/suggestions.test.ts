import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, pgError } from "../support/callers.ts";
import { type BoxedSuggestion, suggestionBox, type SuggestionBoxPage } from "../support/suggestion-box.ts";

async function postWithBoxes(author: TestUser) {
  const id = await createPost(author, {
    title: "Original title",
    excerpt: "Original excerpt",
    content: "Original content",
    tags: ["music", "live"],
    citations: "Original source",
    postType: "event",
    eventTimestamp: "2021-06-01T00:00:00Z",
  });
  await sql`insert into public.info_boxes (post_id, title, content, position)
            values (${id}, 'Facts', '{"Venue": "Hall"}', 0), (${id}, 'More', '{"Doors": "19:00"}', 1)`;
  return id;
}

const sameBoxes = [
  { title: "Facts", content: { Venue: "Hall" }, order: 0 },
  { title: "More", content: { Doors: "19:00" }, order: 1 },
];

async function suggest(user: TestUser, postId: number, changes: Record<string, unknown>, summary = "Because") {
  return asCaller(user, async (tx) => {
    const [row] = await tx`insert into public.edit_suggestions (post_id, summary, changes)
                           values (${postId}, ${summary}, ${tx.json(changes as never)}) returning id, changes, original, status`;
    return row;
  }, { commit: true });
}

describe("edit suggestions", () => {
  it("keep only the fields that differ, with a snapshot of their originals", async () => {
    const [author, member] = await Promise.all([createMember(), createMember()]);
    const postId = await postWithBoxes(author);
    const row = await suggest(member, postId, {
      title: "  Original title ",
      excerpt: "A better excerpt",
      tags: ["Live", "MUSIC "],
      citations: "Original source",
      is_nsfw: false,
      event_timestamp: "2021-06-01T02:00:00+02:00",
      info_boxes: sameBoxes,
    });
    expect(row.status).toBe("pending");
    expect(row.changes).toEqual({ excerpt: "A better excerpt", tags: ["live", "music"] });
    expect(row.original).toEqual({ excerpt: "Original excerpt", tags: ["music", "live"] });
  });

  it("refuse a suggestion without changes", async () => {
    const [author, member] = await Promise.all([createMember(), createMember()]);
    const postId = await postWithBoxes(author);
    expect(await pgError(suggest(member, postId, { title: "Original title", info_boxes: sameBoxes, is_nsfw: false })))
      .toEqual({ code: "PT400", message: "You haven't made any changes." });
    expect(await pgError(suggest(member, postId, {})))
      .toEqual({ code: "PT400", message: "You haven't made any changes." });
  });

  it("refuse a suggestion without a summary", async () => {
    const [author, member] = await Promise.all([createMember(), createMember()]);
    const postId = await postWithBoxes(author);
    expect(await pgError(suggest(member, postId, { title: "New" }, "  \n ")))
      .toEqual({ code: "PT400", message: "Please provide a brief summary of your edits." });
  });

  it("refuse unknown fields, media and pending posts", async () => {
    const [author, member] = await Promise.all([createMember(), createMember()]);
    const postId = await postWithBoxes(author);
    const pending = await createPost(author, { status: "pending" });
    expect(await pgError(suggest(member, postId, { media: [] }))).toMatchObject({ code: "PT400" });
    expect(await pgError(suggest(member, postId, { post_type: "news" }))).toMatchObject({ code: "PT400" });
    expect(await pgError(suggest(member, pending, { title: "New" }))).toEqual({ code: "PT404", message: "Post not found." });
  });

  it("hold the same length caps as posts", async () => {
    const [author, member] = await Promise.all([createMember(), createMember()]);
    const postId = await postWithBoxes(author);
    const box = (content: Record<string, string>) => [{ title: "Facts", content }];
    for (const [changes, message] of [
      [{ content: "x".repeat(100_001) }, "The content can be at most 100000 characters."],
      [{ title: "t".repeat(301) }, "The title can be at most 300 characters."],
      [{ excerpt: "e".repeat(1001) }, "The excerpt can be at most 1000 characters."],
      [{ citations: "c".repeat(20_001) }, "The references can be at most 20000 characters."],
      [{ tags: Array.from({ length: 31 }, (_, i) => `tag${i}`) }, "A post can have at most 30 tags."],
      [{ info_boxes: box({ text: "b".repeat(20_001) }) }, "An info box can hold at most 20,000 characters."],
      [{ info_boxes: [{ title: "T".repeat(201), content: {} }] }, "An info box title can be at most 200 characters."],
      [{ info_boxes: Array.from({ length: 21 }, (_, i) => ({ title: `Box ${i}` })) }, "A post can have at most 20 info boxes."],
    ] as const) {
      expect(await pgError(suggest(member, postId, changes))).toEqual({ code: "PT400", message });
    }
    await suggest(member, postId, { content: "x".repeat(100_000) });
  });

  it("are limited to 20 an hour per member, not per admin", async () => {
    const [author, member, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
    const postId = await postWithBoxes(author);
    // Twenty at once from one member: the advisory lock lets exactly twenty through.
    const results = await Promise.allSettled(Array.from({ length: 21 }, (_, i) => suggest(member, postId, { title: `Title ${i}` })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(20);
    expect(await pgError(suggest(member, postId, { title: "One more" })))
      .toEqual({ code: "PT429", message: "You can suggest at most 20 edits an hour. Please try again later." });
    // An hour later the window has moved on.
    await sql`update public.edit_suggestions set created_at = created_at - interval '61 minutes' where user_id = ${member.id}`;
    await suggest(member, postId, { title: "Next hour" });
    for (let i = 0; i < 21; i += 1) await suggest(admin, postId, { title: `Admin ${i}` });
  });

  it("approving applies exactly the suggested fields, info boxes too, and only once", async () => {
    const [author, member, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
    const postId = await postWithBoxes(author);
    const newBoxes = [{ title: "Facts", content: { Venue: "Big Hall", Capacity: "900" }, order: 0 }];
    const row = await suggest(member, postId, { content: "Better content", info_boxes: newBoxes });

    // Meanwhile an admin edits the title: approving the suggestion must not undo that.
    await asCaller(admin, (tx) => tx`select private.update_post(${postId}, '{"title": "Admin title"}', null, '[]')`, { commit: true });

    const pendingBefore = await asCaller(admin, (tx) => tx`select id from public.edit_suggestions where status = 'pending' and id = ${row.id}`);
    expect(pendingBefore).toHaveLength(1);

    await asCaller(admin, (tx) => tx`select private.approve_edit_suggestion(${row.id})`, { commit: true });

    const [post] = await sql`select title, excerpt, content, tags, citations from public.posts where id = ${postId}`;
    expect(post).toEqual({ title: "Admin title", excerpt: "Original excerpt", content: "Better content", tags: ["music", "live"], citations: "Original source" });
    const boxes = await sql`select title, content, position from public.info_boxes where post_id = ${postId} order by position`;
    expect(boxes).toEqual([{ title: "Facts", content: { Venue: "Big Hall", Capacity: "900" }, position: 0 }]);
    const [suggestion] = await sql`select status from public.edit_suggestions where id = ${row.id}`;
    expect(suggestion).toEqual({ status: "approved" });
    const [log] = await sql`select action, actor_id from public.moderation_log where suggestion_id = ${row.id}`;
    expect(log).toEqual({ action: "approve_edit_suggestion", actor_id: admin.id });

    expect(await pgError(asCaller(admin, (tx) => tx`select private.reject_edit_suggestion(${row.id})`)))
      .toEqual({ code: "PT409", message: "This suggestion has already been reviewed." });
  });

  it("rejecting leaves the post as it was", async () => {
    const [author, member, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
    const postId = await postWithBoxes(author);
    const row = await suggest(member, postId, { title: "Rejected title" });
    await asCaller(admin, (tx) => tx`select private.reject_edit_suggestion(${row.id})`, { commit: true });
    expect((await sql`select title from public.posts where id = ${postId}`)[0].title).toBe("Original title");
    expect((await sql`select status from public.edit_suggestions where id = ${row.id}`)[0].status).toBe("rejected");
    expect(await pgError(asCaller(admin, (tx) => tx`select private.approve_edit_suggestion(${-1})`)))
      .toEqual({ code: "PT404", message: "Suggestion not found." });
  });

  it("are visible to their author and admins only", async () => {
    const [author, member, stranger, admin] = await Promise.all([createMember(), createMember(), createMember(), createAdmin()]);
    const postId = await postWithBoxes(author);
    const row = await suggest(member, postId, { title: "Mine" });
    const read = (user: TestUser) => asCaller(user, (tx) => tx`select id from public.edit_suggestions where id = ${row.id}`);
    expect(await read(member)).toHaveLength(1);
    expect(await read(admin)).toHaveLength(1);
    expect(await read(stranger)).toHaveLength(0);
    expect(await read(author)).toHaveLength(0);
  });

  it("queue for the team a page at a time, oldest first, with how many wait", async () => {
    const [author, member, admin] = await Promise.all([createMember(), createMember(), createAdmin()]);
    const postId = await postWithBoxes(author);
    const mine: number[] = [];
    for (const title of ["One", "Two", "Three"]) mine.push(Number((await suggest(member, postId, { title })).id));
    type Page = { suggestions: { id: number; suggested_title?: string }[]; next: { key: string; id: number } | null; total: number };
    const page = (after: Page["next"], limit: number | null = 2) => asCaller(admin, async (tx) =>
      (await tx<{ page: Page }[]>`
        select private.pending_edit_suggestions(${limit}::integer, ${after?.key ?? null}::text, ${after?.id ?? null}::bigint) as page`)[0].page);

    const seen: Page["suggestions"] = [];
    let next: Page["next"] = null;
    do {
      const current = await page(next);
      expect(current.suggestions.length).toBeLessThanOrEqual(2);
      expect(current.total).toBeGreaterThanOrEqual(3);
      seen.push(...current.suggestions);
      next = current.next;
    } while (next);
    expect(seen.filter((s) => mine.includes(s.id)).map((s) => s.suggested_title)).toEqual(["One", "Two", "Three"]);
    // Without a limit, the whole queue (other tests' suggestions may join it meanwhile).
    expect((await page(null, null)).suggestions.map((s) => s.id).filter((id) => mine.includes(id))).toEqual(mine);

    expect(await pgError(asCaller(member, (tx) => tx`select private.pending_edit_suggestions()`)))
      .toEqual({ code: "PT403", message: "Moderator access required." });
    expect(await pgError(asCaller(admin, (tx) => tx`select private.pending_edit_suggestions(0)`)))
      .toEqual({ code: "PT400", message: "limit must be between 1 and 100." });
    expect(await pgError(asCaller(admin, (tx) => tx`select private.pending_edit_suggestions(2, now()::text, null)`)))
      .toEqual({ code: "PT400", message: "A cursor is the time and the id of a suggestion." });
  });
});

describe("general suggestions", () => {
  it("are trimmed, 1 to 500 characters, and listed for admins with name and e-mail", async () => {
    const [member, admin] = await Promise.all([createMember({ firstName: "Kai", lastName: "Lund" }), createAdmin()]);
    const [row] = await asCaller(member, (tx) =>
      tx`insert into public.suggestions (suggestion, status) values ('  Add a search box  ', 'done') returning id, suggestion, status`, { commit: true });
    expect(row).toMatchObject({ suggestion: "Add a search box", status: "new" });

    expect(await pgError(asCaller(member, (tx) => tx`insert into public.suggestions (suggestion) values (' \n ')`)))
      .toEqual({ code: "PT400", message: "Please write a suggestion." });
    expect(await pgError(asCaller(member, (tx) => tx`insert into public.suggestions (suggestion) values (${"x".repeat(501)})`)))
      .toEqual({ code: "PT400", message: "A suggestion can be at most 500 characters." });
    await asCaller(member, (tx) => tx`insert into public.suggestions (suggestion) values (${` ${"x".repeat(500)} `})`);

    const listed = (await asCaller(admin, (tx) => suggestionBox(tx))).suggestions;
    const mine = listed.find((s) => s.id === row.id);
    expect(mine).toMatchObject({ userName: "Kai Lund", userEmail: member.email, suggestion: "Add a search box", status: "new" });
    const times = listed.map((s) => new Date(s.timestamp).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    expect(await pgError(asCaller(member, (tx) => suggestionBox(tx))))
      .toEqual({ code: "PT403", message: "Moderator access required." });
  });

  it("are listed a page at a time, newest first, all or by status, with how many", async () => {
    const [member, admin] = await Promise.all([createMember(), createAdmin()]);
    const sent: string[] = [];
    for (const text of ["Paged one", "Paged two", "Paged three"]) {
      sent.push((await asCaller(member, (tx) => tx`insert into public.suggestions (suggestion) values (${text}) returning id`, { commit: true }))[0].id);
    }
    const walk = async (status: string | null) => {
      const seen: BoxedSuggestion[] = [];
      let before: SuggestionBoxPage["next"] = null;
      do {
        const page = await asCaller(admin, (tx) => suggestionBox(tx, { status, limit: 2, before }));
        expect(page.suggestions.length).toBeLessThanOrEqual(2);
        expect(page.total).toBeGreaterThanOrEqual(status === "reviewed" ? 0 : 3);
        seen.push(...page.suggestions);
        before = page.next;
      } while (before);
      return seen;
    };
    for (const status of [null, "new"]) {
      const seen = await walk(status);
      const ids = seen.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.filter((id) => sent.includes(id))).toEqual([...sent].reverse());
      const times = seen.map((s) => Date.parse(s.timestamp));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    expect((await walk("reviewed")).map((s) => s.id)).not.toContain(sent[0]);

    expect(await pgError(asCaller(admin, (tx) => suggestionBox(tx, { limit: 101 }))))
      .toEqual({ code: "PT400", message: "limit must be between 1 and 100." });
    expect(await pgError(asCaller(admin, (tx) => tx`select private.list_suggestions(null, 2, now()::text, null)`)))
      .toEqual({ code: "PT400", message: "A cursor is the time and the id of a suggestion." });
  });

  it("are limited to 10 an hour per member", async () => {
    const member = await createMember();
    const send = (text: string) => asCaller(member, (tx) => tx`insert into public.suggestions (suggestion) values (${text})`, { commit: true });
    for (let i = 0; i < 10; i += 1) await send(`Idea ${i}`);
    expect(await pgError(send("Idea 11")))
      .toEqual({ code: "PT429", message: "You can send at most 10 suggestions an hour. Please try again later." });
    await sql`update public.suggestions set created_at = created_at - interval '61 minutes' where user_id = ${member.id}`;
    await send("Idea in the next hour");
  });
  it("are marked reviewed and new again by admins only, logged, and listed by status", async () => {
    const [member, admin] = await Promise.all([createMember(), createAdmin()]);
    const [row] = await asCaller(member, (tx) => tx`insert into public.suggestions (suggestion) values ('Mark me') returning id`, { commit: true });
    const setStatus = (who: TestUser, status: string) =>
      asCaller(who, (tx) => tx`select private.set_suggestion_status(${row.id}::uuid, ${status}) as status`, { commit: true });
    const statusNow = async () => (await sql`select status from public.suggestions where id = ${row.id}`)[0].status;
    const logged = () => sql`select actor_id, details from public.moderation_log
                             where action = 'set_suggestion_status' and details ->> 'suggestion_id' = ${row.id} order by id`;

    expect(await pgError(setStatus(member, "reviewed"))).toEqual({ code: "PT403", message: "Moderator access required." });
    expect(await pgError(setStatus(admin, "done"))).toEqual({ code: "PT400", message: "The status must be new or reviewed." });
    expect(await pgError(asCaller(admin, (tx) => tx`select private.set_suggestion_status(gen_random_uuid(), 'reviewed')`)))
      .toEqual({ code: "PT404", message: "Suggestion not found." });
    expect(await statusNow()).toBe("new");

    expect((await setStatus(admin, "reviewed"))[0].status).toBe("reviewed");
    expect(await statusNow()).toBe("reviewed");
    const listed = (status: string | null) =>
      asCaller(admin, async (tx) => (await suggestionBox(tx, { status })).suggestions.map((s) => s.id));
    expect(await listed("reviewed")).toContain(row.id);
    expect(await listed("new")).not.toContain(row.id);
    expect(await listed(null)).toContain(row.id);

    await setStatus(admin, "reviewed"); // already so: nothing to log
    await setStatus(admin, "new");
    expect(await statusNow()).toBe("new");
    expect(await logged()).toEqual([
      { actor_id: admin.id, details: { suggestion_id: row.id, status: "reviewed", previous_status: "new" } },
      { actor_id: admin.id, details: { suggestion_id: row.id, status: "new", previous_status: "reviewed" } },
    ]);
  });
});
