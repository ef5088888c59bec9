/**
 * Every field of private.editable_post_fields() reaches what shows it: the
 * SPA's list of post fields (web/src/lib/post-fields-list.ts, whose label map,
 * form and `Post` keys web/src/lib/post-fields-list.test.tsx checks), the
 * post card, and the column list of the trigger that refreshes a card. A field
 * added to the database but forgotten in one of them fails here
 * (docs/adding-a-post-field.md).
 */
import { describe, expect, it } from "vitest";
import { editablePostFields } from "../../web/src/lib/post-fields-list.ts";
import { sql } from "../support/database.ts";

/** The editable fields that are not on a card, and why. */
const notOnCard: Record<string, string> = {
  content: "the lists show none of it, or a preview; private.post_json adds it to a single post",
  info_boxes: "a table of their own (public.info_boxes), read with a single post",
};

async function editableFields(): Promise<string[]> {
  const [row] = await sql<{ fields: string[] }[]>`select private.editable_post_fields() as fields`;
  return row.fields;
}

describe("the editable fields of a post", () => {
  it("are the SPA's post fields, in the same order", async () => {
    expect([...editablePostFields]).toEqual(await editableFields());
  });

  it("are on the post card, but for the ones it leaves out on purpose", async () => {
    // A card built from no row still has every key.
    const [row] = await sql<{ card: Record<string, unknown> }[]>`select card from private.post_card(null::public.posts)`;
    const missing = (await editableFields()).filter((field) => !(field in row.card) && !(field in notOnCard));
    expect(missing).toEqual([]);
  });

  it("are columns of public.posts, but for the info boxes", async () => {
    const columns = await sql<{ name: string }[]>`
      select column_name as name from information_schema.columns where table_schema = 'public' and table_name = 'posts'`;
    const stored = new Set(columns.map((column) => column.name));
    expect((await editableFields()).filter((field) => !stored.has(field))).toEqual(["info_boxes"]);
  });

  it("each stored one is in both column lists of the trigger that refreshes a card", async () => {
    // The trigger's `update of …` list, and its `when` clause, which compares the same columns.
    const triggers = await sql<{ name: string; columns: string[]; definition: string }[]>`
      select t.tgname as name,
             array(select a.attname::text from unnest(t.tgattr::int2[]) k join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k) as columns,
             pg_get_triggerdef(t.oid) as definition
      from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where t.tgrelid = 'public.posts'::regclass and not t.tgisinternal
        and p.proname like '%card%' and cardinality(t.tgattr::int2[]) > 0`;
    expect(triggers.map((trigger) => trigger.name)).toHaveLength(1);
    const [trigger] = triggers;
    const stored = (await editableFields()).filter((field) => field !== "info_boxes");
    expect(stored.filter((field) => !trigger.columns.includes(field))).toEqual([]);
    expect(stored.filter((field) => !new RegExp(`\\bnew\\.${field}\\b`).test(trigger.definition))).toEqual([]);
  });
});
