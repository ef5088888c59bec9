/**
 * The api function keeps visitors' answers until Postgres reports a change
 * (NOTIFY public_changes, private.notify_public_change in supabase/migrations/). The rule: every
 * table a visitor can read has statement triggers that notify on insert,
 * update, delete and truncate (for comments, inserts and deletes name their
 * posts). What a visitor can read is declared per table in
 * tests/support/direct-access.ts, so a new visitor-readable table without its
 * trigger fails here. (Which columns of posts and comments notify:
 * notifications.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { directAccess } from "../support/direct-access.ts";
import { sql } from "../support/database.ts";

const visitorReadable = Object.entries(directAccess)
  .filter(([, access]) => access.read.visitor !== false)
  .map(([table]) => table);

describe("read cache invalidation", () => {
  it("has visitor-readable tables to check", () => {
    expect(visitorReadable).toEqual(expect.arrayContaining(["posts", "comments", "profiles"]));
  });

  it.each(visitorReadable)("%s notifies public_changes on every kind of write", async (table) => {
    // tgtype bits: 1 row-level, 4 insert, 8 delete, 16 update, 32 truncate.
    const triggers = await sql<{ type: number }[]>`
      select t.tgtype as type
      from pg_trigger t
      where t.tgrelid = ${`public.${table}`}::regclass
        and not t.tgisinternal
        and t.tgfoid in ('private.notify_public_change()'::regprocedure, 'private.notify_comment_lists()'::regprocedure)`;
    expect(triggers.length).toBeGreaterThan(0);
    expect(triggers.every((trigger) => (trigger.type & 1) === 0)).toBe(true);
    const events = triggers.reduce((all, trigger) => all | trigger.type, 0);
    expect({ insert: !!(events & 4), delete: !!(events & 8), update: !!(events & 16), truncate: !!(events & 32) })
      .toEqual({ insert: true, delete: true, update: true, truncate: true });
  });
});
