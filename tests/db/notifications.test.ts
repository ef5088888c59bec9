/**
 * The api function keeps visitors' answers until Postgres NOTIFYs a change
 * (private.notify_public_change, supabase/migrations/). Vote counters are left out on
 * purpose (a post's are in private.post_cards, which does not notify; a
 * comment's are its own columns); every other column of posts and comments must notify, including
 * columns added later. (tests/api/home.test.ts shows a counter change leaving a kept
 * answer in place.)
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { createMember } from "../support/callers.ts";

/** The columns an `update of …` trigger names, and whether it also fires on insert, delete and truncate. */
async function notifyTrigger(table: string, trigger: string) {
  const [row] = await sql<{ columns: string[]; definition: string }[]>`
    select
      array(select a.attname::text
            from unnest(t.tgattr::int2[]) as k(attnum)
            join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = k.attnum
            order by 1) as columns,
      pg_get_triggerdef(t.oid) as definition
    from pg_trigger t
    where t.tgrelid = ${`public.${table}`}::regclass and t.tgname = ${trigger}`;
  return row;
}

async function columnsOf(table: string, except: string[]): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    select attname::text as name from pg_attribute
    where attrelid = ${`public.${table}`}::regclass and attnum > 0 and not attisdropped
    order by 1`;
  return rows.map((row) => row.name).filter((name) => !except.includes(name));
}

describe("change notifications for the read cache", () => {
  it("posts: every column but the derived ones notifies (its counters are in private.post_cards; search and its pairs follow the text)", async () => {
    const trigger = await notifyTrigger("posts", "posts_90_notify");
    expect(trigger.definition).toMatch(/AFTER INSERT OR DELETE OR UPDATE OF .* OR TRUNCATE ON .* FOR EACH STATEMENT/);
    expect(trigger.columns).toEqual(await columnsOf("posts", ["id", "sort_date", "search", "search_pairs"]));
  });

  it("comments: every column but the vote counters notifies", async () => {
    const trigger = await notifyTrigger("comments", "comments_90_notify");
    expect(trigger.definition).toMatch(/AFTER UPDATE OF .* OR TRUNCATE ON .* FOR EACH STATEMENT/);
    expect(trigger.columns).toEqual(await columnsOf("comments", ["id", "upvotes", "downvotes"]));
  });

  it("comments: a new or deleted comment names its posts, so only their comment lists are forgotten", async () => {
    const author = await createMember();
    const [first, second] = [await createPost(author), await createPost(author)];
    const heard: string[] = [];
    const ours = new RegExp(`^comments of (${first}|${second})(,(${first}|${second}))*$`);
    const listening = await sql.listen("public_changes", (payload) => {
      if (ours.test(payload)) heard.push(payload);
    });
    try {
      const comment = await createComment(author, first);
      await sql`insert into public.comments (post_id, author_id, content)
                values (${first}, ${author.id}, 'one'), (${second}, ${author.id}, 'two'), (${second}, ${author.id}, 'three')`;
      await sql`delete from public.comments where id = ${comment}`;
      await sql`delete from public.comments where id = -1`;
      // Notifications reach a listener after the commit, on its own connection.
      await expect.poll(() => heard.length).toBe(3);
      const sorted = (payload: string) => payload.replace(/[\d,]+$/, (ids) => ids.split(",").sort().join(","));
      expect(heard.map(sorted)).toEqual([`comments of ${first}`, sorted(`comments of ${first},${second}`), `comments of ${first}`]);
    } finally {
      await listening.unlisten();
    }
  });
});
