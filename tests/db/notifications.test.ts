/**
 * The api function keeps visitors' answers until Postgres NOTIFYs a change
 * (supabase/migrations/…_api_reads.sql). Vote counters are left out on
 * purpose; every other column of posts and comments must notify, including
 * columns added later. (tests/api/home.test.ts shows a counter change leaving a kept
 * answer in place.) Counters have a channel of their own with their new
 * values, which members' reads take (supabase/migrations/…_member_votes.sql).
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { createMember } from "../support/db.ts";

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
  it("posts: every column but the vote and comment counters (and generated ones) notifies", async () => {
    const trigger = await notifyTrigger("posts", "posts_90_notify");
    expect(trigger.definition).toMatch(/AFTER INSERT OR DELETE OR UPDATE OF .* OR TRUNCATE ON .* FOR EACH STATEMENT/);
    expect(trigger.columns).toEqual(await columnsOf("posts", ["id", "upvotes", "downvotes", "comment_count", "sort_date", "search"]));
  });

  it("comments: every column but the vote counters notifies", async () => {
    const trigger = await notifyTrigger("comments", "comments_90_notify");
    expect(trigger.definition).toMatch(/AFTER INSERT OR DELETE OR UPDATE OF .* OR TRUNCATE ON .* FOR EACH STATEMENT/);
    expect(trigger.columns).toEqual(await columnsOf("comments", ["id", "upvotes", "downvotes"]));
  });
});

describe("counter notifications for members' reads", () => {
  it("say each published post's and comment's new counters, in commit order, and nothing of a pending post", async () => {
    const author = await createMember();
    const voter = await createMember();
    const post = await createPost(author);
    const pending = await createPost(author, { status: "pending" });
    const heard: string[] = [];
    // Other test files vote meanwhile: only these posts' and this comment's count here.
    let comment = 0;
    const ours = (payload: string) =>
      payload.startsWith(`post,${post},`) || payload.startsWith(`post,${pending},`) || payload.startsWith(`comment,${comment},`);
    const listening = await sql.listen("counters", (payload) => {
      if (ours(payload)) heard.push(payload);
    });
    try {
      await sql`insert into public.post_votes (post_id, user_id, vote) values (${post}, ${voter.id}, 1)`;
      comment = await createComment(voter, post);
      await sql`insert into public.comment_votes (comment_id, user_id, vote) values (${comment}, ${author.id}, -1)`;
      await sql`update public.post_votes set vote = -1 where post_id = ${post} and user_id = ${voter.id}`;
      await sql`update public.posts set upvotes = upvotes + 1 where id = ${pending}`;
      await expect.poll(() => heard.length).toBe(4);
      expect(heard).toEqual([
        `post,${post},1,0,0`,
        `post,${post},1,0,1`,
        `comment,${comment},0,1`,
        `post,${post},0,1,1`,
      ]);
    } finally {
      await listening.unlisten();
    }
  });
});
