/**
 * The api function keeps visitors' answers until Postgres reports a change
 * (NOTIFY public_changes, supabase/migrations/…_api_reads.sql). The rule: every
 * table a visitor can read has a statement trigger that notifies on insert,
 * update, delete and truncate. What a visitor can read is declared per table in
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
    const triggers = await sql<{ definition: string }[]>`
      select pg_get_triggerdef(t.oid) as definition
      from pg_trigger t
      where t.tgrelid = ${`public.${table}`}::regclass
        and not t.tgisinternal
        and t.tgfoid = 'private.notify_public_change()'::regprocedure`;
    expect(triggers).toHaveLength(1);
    expect(triggers[0].definition).toMatch(/^CREATE TRIGGER \S+ AFTER INSERT OR DELETE OR UPDATE( OF [^O]+(, [^O]+)*)? OR TRUNCATE ON public\.\S+ FOR EACH STATEMENT /);
  });
});
