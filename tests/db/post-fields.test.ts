/**
 * One model of a post's editable fields (supabase/migrations/…000210_post_fields.sql,
 * "Post fields"): private.editable_post_fields() names them, and the snapshot,
 * the normaliser and the writers all follow that list, so a field added to it
 * but forgotten in one of them fails here (docs/adding-a-post-field.md).
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, pgError } from "../support/callers.ts";

const sample: Record<string, unknown> = {
  title: "Changed title",
  excerpt: "Changed excerpt",
  content: "Changed content",
  tags: ["changed", "tags"],
  citations: "Changed references",
  post_type: "news",
  is_nsfw: true,
  event_timestamp: "2026-05-01T18:30:00.000Z",
  info_boxes: [{ title: "Changed box", content: { Venue: "Hall" }, entries: [["Venue", "Hall"]], order: 0 }],
};

async function editableFields(): Promise<string[]> {
  const [row] = await sql<{ fields: string[] }[]>`select private.editable_post_fields() as fields`;
  return row.fields;
}

describe("the editable fields of a post", () => {
  it("are exactly the keys of a post's snapshot, and each has a sample value here", async () => {
    const author = await createMember();
    const id = await createPost(author);
    const [row] = await sql<{ snapshot: Record<string, unknown> }[]>`select private.post_snapshot(${id}) as snapshot`;
    const fields = await editableFields();
    expect(Object.keys(row.snapshot).sort()).toEqual([...fields].sort());
    expect(Object.keys(sample).sort()).toEqual([...fields].sort());
  });

  it("suggestions may change all of them but the post type", async () => {
    const [row] = await sql<{ fields: string[] }[]>`select private.suggestible_post_fields() as fields`;
    expect(row.fields).toEqual((await editableFields()).filter((field) => field !== "post_type"));
  });

  it("round-trip: what the normaliser accepts, an admin's edit writes and the snapshot reads back", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const id = await createPost(author, { status: "approved" });
    await asCaller(admin, (tx) => tx`select private.update_post(${id}::bigint, ${tx.json(sample as never)})`, { commit: true });
    const [row] = await sql<{ snapshot: Record<string, unknown> }[]>`select private.post_snapshot(${id}) as snapshot`;
    expect(row.snapshot).toEqual(sample);
  });

  it("a new post takes every one of them, and nothing else", async () => {
    const member = await createMember();
    const id = await asCaller(member, async (tx) => {
      const [row] = await tx<{ id: number }[]>`select private.create_post(${tx.json(sample as never)}) as id`;
      return row.id;
    }, { commit: true });
    const [row] = await sql<{ snapshot: Record<string, unknown> }[]>`select private.post_snapshot(${id}) as snapshot`;
    expect(row.snapshot).toEqual(sample);
    expect(await pgError(asCaller(member, (tx) =>
      tx`select private.create_post(${tx.json({ ...sample, status: "approved" } as never)})`)))
      .toEqual({ code: "PT400", message: 'The field "status" cannot be changed here.' });
  });
});
