/**
 * The Security Advisor's exceptions (docs/security.md, "Security Advisor
 * exceptions"): the functions without `set search_path` are exactly the
 * inlinable JSON builders named there, and each is safe without it: security
 * invoker, in a schema PostgREST does not expose, and naming every object
 * with its schema, so no caller's search path can change what it reads.
 */
import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";

const inlinedBuilders = [
  "private.comment_card(public.comments)",
  "private.comment_counters(bigint,integer,integer)",
  "private.comment_json(public.comments)",
  "private.comment_ready_json(text,bigint,integer,integer)",
  "private.post_card(public.posts)",
  "private.post_counters(bigint,integer,integer,integer)",
  "private.post_json(public.posts,boolean)",
  "private.post_ready_json(public.posts,boolean)",
];

interface FunctionRow {
  signature: string;
  security_definer: boolean;
  language: string;
  definition: string;
}

// What the advisor's lint 0011 (function_search_path_mutable) looks at:
// functions of the project's schemas without a search_path setting. Read with
// an empty search path, so signatures and definitions name every schema.
const withoutSearchPath = () =>
  sql.begin(async (tx) => {
    await tx`set local search_path = ''`;
    return tx<FunctionRow[]>`
      select p.oid::pg_catalog.regprocedure::text as signature, p.prosecdef as security_definer, l.lanname as language,
             pg_catalog.pg_get_functiondef(p.oid) as definition
      from pg_catalog.pg_proc p
      join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      join pg_catalog.pg_language l on l.oid = p.prolang
      where n.nspname in ('public', 'private')
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')
      order by 1`;
  });

describe("functions without a fixed search path", () => {
  it("are exactly the inlined JSON builders docs/security.md explains", async () => {
    const rows = await withoutSearchPath();
    expect(rows.map((row) => row.signature.replaceAll(", ", ","))).toEqual(inlinedBuilders);
  });

  it("are SQL functions that run with the caller's rights", async () => {
    for (const row of await withoutSearchPath()) {
      expect({ name: row.signature, language: row.language, securityDefiner: row.security_definer })
        .toEqual({ name: row.signature, language: "sql", securityDefiner: false });
    }
  });

  it("live in a schema PostgREST does not expose", () => {
    const config = parse(readFileSync("supabase/config.toml", "utf8")) as { api: { schemas: string[]; extra_search_path: string[] } };
    expect(config.api.schemas).not.toContain("private");
    expect(config.api.extra_search_path ?? []).not.toContain("private");
  });

  it("name every object with its schema: each compiles with an empty search path", async () => {
    // A SQL function's body is parsed and its names resolved when it is created;
    // with only pg_catalog to search, an unqualified table, type or function fails.
    const rows = await withoutSearchPath();
    await sql.begin(async (tx) => {
      await tx`set local check_function_bodies = on`;
      await tx`set local search_path = ''`;
      for (const row of rows) await tx.unsafe(row.definition);
      await tx`rollback`;
    }).catch((error: { message: string }) => {
      if (error.message !== "rollback") throw error;
    });
  });

  it("would notice an unqualified name", async () => {
    const attempt = sql.begin(async (tx) => {
      await tx`set local search_path = ''`;
      await tx.unsafe(`create function private.advisor_probe() returns bigint language sql as $$ select count(*) from posts $$`);
    });
    await expect(attempt).rejects.toMatchObject({ code: "42P01" });
  });
});
