/**
 * A post's history (public.post_revisions): each kind of published change
 * writes exactly one revision with who, why and the fields after it; nothing
 * else does; no role can change a revision; only published posts' history is
 * readable.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, type Caller, createAdmin, createMember, createModerator, pgError } from "../support/callers.ts";

interface RevisionRow {
  id: number;
  kind: string;
  author_id: string | null;
  reason: string | null;
  fields: Record<string, unknown>;
}

const revisionsOf = (postId: number) =>
  sql<RevisionRow[]>`
    select id::int, kind::text, author_id, reason, fields from public.post_revisions
    where post_id = ${postId} order by created_at, id`;

let admin: TestUser;
let author: TestUser;
let suggester: TestUser;

beforeAll(async () => {
  [admin, author, suggester] = await Promise.all([
    createAdmin(),
    createMember({ firstName: "Aru", lastName: "Author" }),
    createMember({ firstName: "Sol", lastName: "Suggester" }),
  ]);
});

describe("each kind of published change writes one revision", () => {
  it("approving a pending post: the author's, with the fields published", async () => {
    const postId = await createPost(author, { status: "pending", title: "Revisions: approved" });
    await asCaller(admin, (tx) => tx`select private.approve_post(${postId})`, { commit: true });
    const revisions = await revisionsOf(postId);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ kind: "approval", author_id: author.id, reason: null });
    const [snapshot] = await sql`select private.post_snapshot(${postId}) as fields`;
    expect(revisions[0].fields).toEqual(snapshot.fields);
  });

  it("applying an edit suggestion: the suggester's, with its summary as the reason", async () => {
    const postId = await createPost(author, { title: "Revisions: before the suggestion" });
    const [suggestion] = await sql<{ id: string }[]>`
      insert into public.edit_suggestions (post_id, user_id, summary, changes)
      values (${postId}, ${suggester.id}, 'The title names the year.', '{"title": "Revisions: after the suggestion (1999)"}')
      returning id`;
    await asCaller(admin, (tx) => tx`select private.approve_edit_suggestion(${suggestion.id})`, { commit: true });
    const revisions = await revisionsOf(postId);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ kind: "suggestion", author_id: suggester.id, reason: "The title names the year." });
    expect(revisions[0].fields.title).toBe("Revisions: after the suggestion (1999)");
  });

  it("an admin's edit of a published post: no name, the note (trimmed) as the reason", async () => {
    const postId = await createPost(author, { title: "Revisions: before the edit" });
    await asCaller(admin, (tx) => tx`select private.update_post(${postId}, '{"title": "Revisions: after the edit"}', null, '[]', '  Typo in the title.  ')`, {
      commit: true,
    });
    const revisions = await revisionsOf(postId);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ kind: "admin_edit", author_id: null, reason: "Typo in the title." });
    expect(revisions[0].fields.title).toBe("Revisions: after the edit");
  });

  it("an admin's edit without a change or a note (the media step of an upload) adds none", async () => {
    const postId = await createPost(author);
    await asCaller(admin, (tx) => tx`select private.update_post(${postId}, '{"excerpt": "Edited."}', null, '[]')`, { commit: true });
    await asCaller(admin, (tx) => tx`select private.update_post(${postId}, '{}', null, '[{"object_path": "revision-step.png", "media_type": "image"}]')`, {
      commit: true,
    });
    expect((await revisionsOf(postId)).map((r) => r.reason)).toEqual([null]);
  });

  it("a note alone (a change of media) is a revision of its own", async () => {
    const postId = await createPost(author);
    await asCaller(admin, (tx) => tx`select private.update_post(${postId}, '{}', null, '[]', 'Replaced the photo with a sharper scan.')`, {
      commit: true,
    });
    expect((await revisionsOf(postId)).map((r) => r.reason)).toEqual(["Replaced the photo with a sharper scan."]);
  });

  it("refuses a note over 500 characters, and changes nothing", async () => {
    const postId = await createPost(author, { title: "Revisions: long note" });
    const error = await pgError(asCaller(admin, (tx) => tx`select private.update_post(${postId}, '{"title": "Changed"}', null, '[]', ${"n".repeat(501)})`));
    expect(error).toEqual({ code: "PT400", message: "The note can be at most 500 characters." });
    expect(await revisionsOf(postId)).toHaveLength(0);
    expect((await sql`select title from public.posts where id = ${postId}`)[0].title).toBe("Revisions: long note");
  });

  it("edits of a pending post, rejections, pins and flags publish nothing", async () => {
    const pending = await createPost(author, { status: "pending" });
    const rejected = await createPost(author, { status: "pending" });
    const published = await createPost(author);
    await asCaller(
      admin,
      async (tx) => {
        await tx`select private.update_post(${pending}, '{"title": "Still pending"}', null, '[]', 'A note')`;
        await tx`select private.reject_post(${rejected}, 'Off topic')`;
        await tx`select private.set_post_important(${published}, true)`;
        await tx`select private.set_post_pinned(${published}, false)`;
      },
      { commit: true },
    );
    for (const postId of [pending, rejected, published]) expect(await revisionsOf(postId)).toHaveLength(0);
  });

  it("an admin cannot change a published post around its history, directly through PostgREST", async () => {
    const postId = await createPost(author, { title: "Revisions: not behind the history's back" });
    const [box] = await sql<{ id: number }[]>`
      insert into public.info_boxes (post_id, title) values (${postId}, 'Facts') returning id::int`;
    // No API role holds a write privilege on a post or its parts.
    for (const statement of [
      `update public.posts set title = 'Changed directly' where id = ${postId}`,
      `update public.info_boxes set title = 'Changed directly' where id = ${box.id}`,
      `delete from public.info_boxes where id = ${box.id}`,
      `delete from public.post_media where post_id = ${postId}`,
      `insert into public.info_boxes (post_id, title) values (${postId}, 'Added directly')`,
    ]) {
      expect(await pgError(asCaller(admin, (tx) => tx.unsafe(statement))), statement).toMatchObject({ code: "42501" });
    }
    // Nor publish a pending post directly, which would skip its approval revision.
    const pending = await createPost(author, { status: "pending" });
    expect(await pgError(asCaller(admin, (tx) => tx`update public.posts set status = 'approved' where id = ${pending}`)))
      .toMatchObject({ code: "42501" });
    expect((await sql`select title from public.posts where id = ${postId}`)[0].title).toBe("Revisions: not behind the history's back");
    expect(await revisionsOf(postId)).toHaveLength(0);
  });

  it("posts published before history was kept get their approval revision, once", async () => {
    const postId = await createPost(author, { title: "Revisions: backfilled" });
    // Rolled back: the backfill would give every other test's fixture posts a revision too.
    const rolledBack = new Error("rolled back");
    let rows: unknown[] = [];
    await sql
      .begin(async (tx) => {
        await tx`select private.record_missing_approval_revisions()`;
        await tx`select private.record_missing_approval_revisions()`;
        rows = [...(await tx`select kind::text, author_id from public.post_revisions where post_id = ${postId}`)];
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    expect(rows).toEqual([{ kind: "approval", author_id: author.id }]);
  });
});

describe("revisions cannot be changed", () => {
  let postId: number;
  let revisionId: number;

  beforeAll(async () => {
    postId = await createPost(author, { title: "Revisions: immutable" });
    await sql`select private.record_post_revision(${postId}, 'approval', ${author.id})`;
    revisionId = (await revisionsOf(postId))[0].id;
  });

  const callers: [string, () => Caller][] = [
    ["a visitor", () => null],
    ["a member", () => suggester],
    ["the author", () => author],
    ["an admin", () => admin],
  ];

  it.each(callers)("by %s: insert, update and delete are refused", async (_, caller) => {
    const writes = [
      `insert into public.post_revisions (post_id, kind, fields) values (${postId}, 'admin_edit', '{}')`,
      `update public.post_revisions set reason = 'Rewritten' where id = ${revisionId}`,
      `delete from public.post_revisions where id = ${revisionId}`,
    ];
    for (const write of writes) {
      expect((await pgError(asCaller(caller(), (tx) => tx.unsafe(write)))).code, write).toBe("42501");
    }
  });

  it("by the database owner: update and delete are refused", async () => {
    expect(await pgError(sql`update public.post_revisions set reason = 'Rewritten' where id = ${revisionId}`)).toEqual({
      code: "PT403",
      message: "Revisions cannot be changed.",
    });
    expect(await pgError(sql`delete from public.post_revisions where id = ${revisionId}`)).toMatchObject({ code: "PT403" });
    expect((await revisionsOf(postId))[0]).toMatchObject({ id: revisionId, reason: null });
  });

  it("deleting the post deletes its history; deleting an account leaves its revisions unnamed", async () => {
    const leaving = await createMember();
    const kept = await createPost(author);
    const deleted = await createPost(author);
    await sql`select private.record_post_revision(${kept}, 'suggestion', ${leaving.id}, 'Before leaving')`;
    await sql`select private.record_post_revision(${deleted}, 'approval', ${author.id})`;
    await asCaller(admin, (tx) => tx`select private.delete_post(${deleted})`, { commit: true });
    await sql`delete from auth.users where id = ${leaving.id}`;
    expect(await revisionsOf(deleted)).toHaveLength(0);
    expect(await revisionsOf(kept)).toMatchObject([{ kind: "suggestion", author_id: null, reason: "Before leaving" }]);
  });
});

describe("who reads a post's history", () => {
  it("nobody reads a pending or rejected post's revisions, its author and admins included", async () => {
    const pending = await createPost(author, { status: "pending" });
    const rejected = await createPost(author, { status: "rejected" });
    // Neither can have one through the functions; written by the owner to prove the policy.
    await sql`select private.record_post_revision(${pending}, 'approval', ${author.id})`;
    await sql`select private.record_post_revision(${rejected}, 'approval', ${author.id})`;
    for (const caller of [null, suggester, author, admin]) {
      const rows = await asCaller(caller, (tx) => tx`select id from public.post_revisions where post_id in (${pending}, ${rejected})`);
      expect(rows).toHaveLength(0);
    }
  });

  it("a suggester whose edit was applied is named to visitors, as an author is", async () => {
    const quiet = await createMember({ firstName: "Quin", lastName: "Quiet" });
    const postId = await createPost(author);
    const nameOf = () => asCaller(null, (tx) => tx`select display_name from public.profiles where id = ${quiet.id}`);
    expect(await nameOf()).toHaveLength(0);
    await sql`select private.record_post_revision(${postId}, 'suggestion', ${quiet.id}, 'A date')`;
    const [row] = await asCaller(
      null,
      (tx) => tx`select j.revision from public.post_revisions r cross join lateral private.revision_json(r) j where r.post_id = ${postId}`,
    );
    expect(row.revision).toMatchObject({ kind: "suggestion", author_name: "Quin Quiet", reason: "A date" });
    expect(await nameOf()).toEqual([{ display_name: "Quin Quiet" }]);
  });
});

describe("an admin hides a revision's content", () => {
  const harm = "Lives at 12 Harm Street.";
  const hideReason = "Someone's home address.";

  /**
   * A post whose applied suggestion published an address (in its content and
   * its summary), taken down by an admin's edit: the suggestion is the
   * revision to hide, the edit the latest.
   */
  async function takenDown(): Promise<{ postId: number; suggestion: number; takedown: number }> {
    const postId = await createPost(author, { title: "Revisions: taken down", content: "A quiet street." });
    await sql`update public.posts set content = ${harm} where id = ${postId}`;
    await sql`select private.record_post_revision(${postId}, 'suggestion', ${suggester.id}, ${`Added his address: ${harm}`})`;
    await asCaller(admin, (tx) => tx`select private.update_post(${postId}, '{"content": "A quiet street."}', null, '[]', 'Removed an address.')`, {
      commit: true,
    });
    const [suggestion, takedown] = (await revisionsOf(postId)).map((r) => r.id);
    return { postId, suggestion, takedown };
  }

  const hide = (caller: Caller, revisionId: number, reason: string | null = hideReason) =>
    asCaller(caller, (tx) => tx`select private.hide_revision(${revisionId}, ${reason})`, { commit: true });

  /** What `caller` can select of a revision directly (as PostgREST would), and of its hidden content. */
  async function directlyReadable(caller: Caller, revisionId: number) {
    return asCaller(caller, async (tx) => {
      const revision = await tx`select to_jsonb(r) as row from public.post_revisions r where r.id = ${revisionId}`;
      await tx`savepoint hidden_content`;
      const hidden = await tx`select to_jsonb(h) as row from public.hidden_revision_content h where h.revision_id = ${revisionId}`.catch(
        async (error: { code?: string }) => {
          await tx`rollback to savepoint hidden_content`;
          if (error.code === "42501") return [];
          throw error;
        },
      );
      return { revision: revision[0]?.row as Record<string, unknown> | undefined, hidden: hidden.map((h) => h.row) };
    });
  }

  it("only an admin hides, and gives the reason", async () => {
    const { postId, suggestion } = await takenDown();
    // Visitors may not even call it (no grant); members are refused by private.require_admin.
    for (const [caller, code] of [[null, "42501"], [suggester, "PT403"], [author, "PT403"]] as const) {
      expect((await pgError(hide(caller, suggestion))).code).toBe(code);
    }
    expect(await pgError(hide(admin, suggestion, "   "))).toEqual({ code: "PT400", message: "Please give the reason for hiding this content." });
    expect(await pgError(hide(admin, suggestion, null))).toMatchObject({ code: "PT400" });
    expect(await pgError(hide(admin, suggestion, "r".repeat(501)))).toEqual({ code: "PT400", message: "The reason can be at most 500 characters." });
    expect((await revisionsOf(postId))[0]).toMatchObject({
      reason: `Added his address: ${harm}`,
      fields: expect.objectContaining({ content: harm }),
    });
  });

  it("the revision stays listed with its date and kind; its fields and reason are no longer selectable by visitors, members or its author", async () => {
    const { suggestion } = await takenDown();
    const [before] = await sql`select created_at, kind::text from public.post_revisions where id = ${suggestion}`;
    await hide(admin, suggestion);
    for (const caller of [null, suggester, author]) {
      const { revision, hidden } = await directlyReadable(caller, suggestion);
      expect(revision).toMatchObject({ id: suggestion, kind: "suggestion", content_hidden: true, fields: null, reason: null });
      expect(JSON.stringify(revision)).not.toContain("Harm Street");
      expect(hidden).toEqual([]);
      const [listed] = await asCaller(caller, (tx) => tx`select j.revision from public.post_revisions r cross join lateral private.revision_json(r) j where r.id = ${suggestion}`);
      expect(listed.revision).toMatchObject({ kind: "suggestion", content_hidden: true, reason: null, created_at: expect.any(String) });
      expect(new Date(listed.revision.created_at)).toEqual(before.created_at);
    }
    const { hidden } = await directlyReadable(admin, suggestion);
    expect(hidden).toEqual([expect.objectContaining({ revision_id: suggestion, reason: `Added his address: ${harm}`, fields: expect.objectContaining({ content: harm }) })]);
  });

  it("the moderation log says who hid it, when and why", async () => {
    const { postId, suggestion } = await takenDown();
    await hide(admin, suggestion, `  ${hideReason}  `);
    const log = await sql`select actor_id, post_id::int, details, created_at from public.moderation_log where action = 'hide_revision' and post_id = ${postId}`;
    expect(log).toEqual([{ actor_id: admin.id, post_id: postId, details: { revision_id: suggestion, reason: hideReason }, created_at: expect.any(Date) }]);
  });

  it("the list still names the fields each revision changed", async () => {
    const { suggestion, takedown } = await takenDown();
    await hide(admin, suggestion);
    const rows = await asCaller(null, (tx) => tx`
      select j.revision -> 'changed_fields' as changed from public.post_revisions r cross join lateral private.revision_json(r) j
      where r.id in (${suggestion}, ${takedown}) order by r.id`);
    expect(rows.map((row) => row.changed)).toEqual([["citations", "content", "event_timestamp", "excerpt", "info_boxes", "is_nsfw", "post_type", "tags", "title"], ["content"]]);
  });

  it("refuses the latest revision (the post as it stands), a hidden one, and one that does not exist", async () => {
    const { suggestion, takedown } = await takenDown();
    expect(await pgError(hide(admin, takedown))).toEqual({
      code: "PT409",
      message: "This revision is the post as it stands: edit the post first, then hide this revision.",
    });
    await hide(admin, suggestion);
    expect(await pgError(hide(admin, suggestion))).toEqual({ code: "PT409", message: "This revision's content is already hidden." });
    expect(await pgError(hide(admin, 999_999_999))).toEqual({ code: "PT404", message: "Revision not found." });
  });

  it("the immutability trigger lets through only the move of the content to admins and back", async () => {
    const { suggestion } = await takenDown();
    // Nulled without keeping the content for admins: refused.
    expect(await pgError(sql`update public.post_revisions set fields = null, reason = null, content_hidden = true where id = ${suggestion}`))
      .toMatchObject({ code: "PT403" });
    await hide(admin, suggestion);
    const refused = [
      sql`update public.post_revisions set kind = 'approval' where id = ${suggestion}`,
      sql`update public.post_revisions set created_at = now() where id = ${suggestion}`,
      sql`update public.post_revisions set changed_fields = '{title}' where id = ${suggestion}`,
      sql`update public.post_revisions set fields = '{"content": "Forged"}', content_hidden = false where id = ${suggestion}`,
      sql`update public.post_revisions p set fields = h.fields, reason = 'Rewritten', content_hidden = false
          from public.hidden_revision_content h where h.revision_id = p.id and p.id = ${suggestion}`,
    ];
    for (const update of refused) expect(await pgError(update)).toMatchObject({ code: "PT403" });
    expect((await directlyReadable(null, suggestion)).revision).toMatchObject({ kind: "suggestion", content_hidden: true, fields: null, reason: null });
  });

  it("an admin restores the content, logged; nobody else can", async () => {
    const { postId, suggestion } = await takenDown();
    await hide(admin, suggestion);
    const unhide = (caller: Caller) => asCaller(caller, (tx) => tx`select private.unhide_revision(${suggestion})`, { commit: true });
    for (const [caller, code] of [[null, "42501"], [suggester, "PT403"], [author, "PT403"]] as const) {
      expect((await pgError(unhide(caller))).code).toBe(code);
    }
    await unhide(admin);
    const { revision, hidden } = await directlyReadable(null, suggestion);
    expect(revision).toMatchObject({ content_hidden: false, reason: `Added his address: ${harm}`, fields: expect.objectContaining({ content: harm }) });
    expect((await directlyReadable(admin, suggestion)).hidden).toEqual([]);
    expect(hidden).toEqual([]);
    expect(await pgError(unhide(admin))).toEqual({ code: "PT409", message: "This revision's content is not hidden." });
    const log = await sql`select actor_id, details from public.moderation_log where action = 'unhide_revision' and post_id = ${postId}`;
    expect(log).toEqual([{ actor_id: admin.id, details: { revision_id: suggestion } }]);
  });

  it("hides the words everywhere else they are kept from moderators: the suggestions quoting them, the approval's log entry", async () => {
    const moderator = await createModerator();
    const postId = await createPost(author, { status: "pending", title: `Revisions: ${harm}` });
    await asCaller(admin, (tx) => tx`select private.approve_post(${postId})`, { commit: true });
    // Made while the approval stood: its original quotes the title.
    const [quoting] = await asCaller(suggester, (tx) => tx<{ id: string }[]>`
      insert into public.edit_suggestions (post_id, summary, changes) values (${postId}, 'Typo', '{"title": "Revisions: a typo"}') returning id`,
    { commit: true });
    const [applied] = await asCaller(suggester, (tx) => tx<{ id: string }[]>`
      insert into public.edit_suggestions (post_id, summary, changes) values (${postId}, ${`Moved: ${harm}`}, ${sql.json({ content: harm })}) returning id`,
    { commit: true });
    await asCaller(admin, (tx) => tx`select private.approve_edit_suggestion(${applied.id})`, { commit: true });
    await asCaller(admin, (tx) => tx`select private.update_post(${postId}, '{"title": "Revisions: taken down", "content": "A quiet street."}', null, '[]', 'Removed an address.')`, {
      commit: true,
    });
    const [approval, suggestion] = (await revisionsOf(postId)).map((r) => r.id);
    const seenBy = (caller: Caller) => asCaller(caller, async (tx) => ({
      suggestions: (await tx`select id::int from public.edit_suggestions where id in (${quoting.id}, ${applied.id}) order by id`).map((r) => r.id),
      queue: (await tx`select private.pending_edit_suggestions() as q`)[0].q.suggestions.some((q: { id: number }) => q.id === Number(quoting.id)),
      titles: (await tx`select details ->> 'title' as title from public.moderation_log where action = 'approve_post' and post_id = ${postId}`)
        .map((r) => r.title),
    }));
    expect(await seenBy(moderator)).toEqual({
      suggestions: [Number(quoting.id), Number(applied.id)], queue: true, titles: [`Revisions: ${harm}`],
    });

    await hide(admin, approval);
    await hide(admin, suggestion);
    expect(await seenBy(moderator)).toEqual({ suggestions: [], queue: false, titles: [null] });
    expect(await pgError(asCaller(moderator, (tx) => tx`select private.reject_edit_suggestion(${quoting.id})`)))
      .toEqual({ code: "PT403", message: "Only an admin can review this suggestion: it quotes content an admin hid." });
    // Admins read it all but the log's copy (the revision's hidden content holds the title); the suggester their own.
    expect(await seenBy(admin)).toEqual({ suggestions: [Number(quoting.id), Number(applied.id)], queue: true, titles: [null] });
    expect(await asCaller(suggester, (tx) => tx`select id::int from public.edit_suggestions where id in (${quoting.id}, ${applied.id}) order by id`))
      .toEqual([{ id: Number(quoting.id) }, { id: Number(applied.id) }]);
    expect((await sql`select details from public.moderation_log where action = 'approve_post' and post_id = ${postId}`)[0].details)
      .toMatchObject({ title_hidden: true });

    // Shown again: as it was.
    await asCaller(admin, async (tx) => {
      await tx`select private.unhide_revision(${approval})`;
      await tx`select private.unhide_revision(${suggestion})`;
    }, { commit: true });
    expect(await seenBy(moderator)).toEqual({
      suggestions: [Number(quoting.id), Number(applied.id)], queue: true, titles: [`Revisions: ${harm}`],
    });
  });

  it("deleting the post deletes the hidden content with its history", async () => {
    const { postId, suggestion } = await takenDown();
    await hide(admin, suggestion);
    await asCaller(admin, (tx) => tx`select private.delete_post(${postId})`, { commit: true });
    expect(await sql`select 1 from public.hidden_revision_content where revision_id = ${suggestion}`).toHaveLength(0);
  });
});
