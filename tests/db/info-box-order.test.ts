import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, pgError } from "../support/callers.ts";

// info_boxes.key_order keeps the author's order of an info box's keys, which
// its jsonb content does not; every writer goes through the same trigger.

describe("info box key order", () => {
  it("is the seed's as written (the About box lists Run by, Affiliation, Contact)", async () => {
    const [about] = await sql<{ key_order: string[] }[]>`
      select key_order from public.info_boxes where post_id = 21 and title = 'About this archive'`;
    expect(about.key_order).toEqual(["Run by", "Affiliation", "Contact"]);
  });

  it("is kept whole whoever writes a box: missing keys follow, unknown and repeated ones go", async () => {
    const author = await createMember();
    const id = await createPost(author);
    const [row] = await sql<{ key_order: string[] }[]>`
      insert into public.info_boxes (post_id, title, content, key_order)
      values (${id}, 'Facts', ${sql.json({ Location: "Lisbon", Artist: "Alex", Year: "2019" })}, ${["Year", "Nope", "Year", "Location"]})
      returning key_order`;
    expect(row.key_order).toEqual(["Year", "Location", "Artist"]);
    const [updated] = await sql<{ key_order: string[] }[]>`
      update public.info_boxes set content = ${sql.json({ Artist: "Alex" })} where post_id = ${id} returning key_order`;
    expect(updated.key_order).toEqual(["Artist"]);
  });

  it("comes back as entries beside the content map, in post details and snapshots", async () => {
    const author = await createMember();
    const id = await createPost(author);
    await sql`insert into public.info_boxes (post_id, title, content, key_order)
              values (${id}, 'Facts', ${sql.json({ Location: "Lisbon", Artist: "Alex" })}, ${["Location", "Artist"]})`;
    const [detail] = await sql<{ boxes: { entries: string[][]; content: object }[]; snapshot: { info_boxes: unknown[] } }[]>`
      select private.info_boxes_json(${id}) as boxes, private.post_snapshot(${id}) as snapshot`;
    expect(detail.boxes[0]).toMatchObject({ content: { Artist: "Alex", Location: "Lisbon" }, entries: [["Location", "Lisbon"], ["Artist", "Alex"]] });
    expect(detail.snapshot.info_boxes).toEqual([
      { title: "Facts", content: { Artist: "Alex", Location: "Lisbon" }, entries: [["Location", "Lisbon"], ["Artist", "Alex"]], order: 0 },
    ]);
  });

  it("is what a new post's boxes say as entries, or their map's order without them", async () => {
    const member = await createMember();
    const boxes = await asCaller(member, async (tx) => {
      const [post] = await tx<{ id: string }[]>`select private.create_post(${tx.json({
        title: "Boxes",
        excerpt: "Boxes",
        content: "Boxes",
        info_boxes: [
          { title: "Typed", entries: [["Location", "Lisbon"], ["Artist", "Alex"]] },
          { title: "Map", content: { Location: "Lisbon", Artist: "Alex" } },
        ],
      })}) as id`;
      return tx<{ key_order: string[] }[]>`select key_order from public.info_boxes where post_id = ${post.id} order by position`;
    });
    expect(boxes.map((b) => b.key_order)).toEqual([
      ["Location", "Artist"],
      ["Artist", "Location"],
    ]);
  });

  it("refuses entries that are not [key, value] pairs of text, or that name a key twice", async () => {
    const admin = await createAdmin();
    const id = await createPost(admin);
    const update = (boxes: unknown) =>
      asCaller(admin, (tx) => tx`select private.update_post(${id}, ${tx.json({ info_boxes: boxes } as never)})`);
    for (const entries of [{ a: "b" }, [["a"]], [["a", 1]], ["a", "b"]]) {
      expect((await pgError(update([{ title: "Bad", entries }]))).message).toBe("Info box entries must be [key, value] pairs of text.");
    }
    expect((await pgError(update([{ title: "Bad", entries: [["a", "1"], ["a", "2"]] }]))).message).toBe("An info box cannot have the same key twice.");
    expect((await pgError(update([{ title: "  ", entries: [["a", "1"]] }]))).message).toBe("Each info box needs a title.");
  });
});
