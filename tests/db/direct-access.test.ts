/**
 * On a hosted project anyone with the anon key reaches every table
 * in `public` through PostgREST. For each table, as a visitor and as a
 * member, the SQL PostgREST would run (select, insert, update, delete) is
 * tried, and what takes effect must be exactly what tests/support/direct-access.ts
 * declares. Each check runs in one repeatable-read transaction, so the
 * owner's count and the caller's see the same rows while other tests write.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { directAccess } from "../support/direct-access.ts";
import { permissions } from "../support/permissions.ts";
import { sql, type Tx } from "../support/database.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
import { createMember } from "../support/callers.ts";

let member: TestUser;
let values: Record<string, string | number>;

beforeAll(async () => {
  const [self, other] = await Promise.all([createMember({ firstName: "Direct", lastName: "Member" }), createMember()]);
  member = self;
  const approvedPost = await createPost(other, { title: "Direct access: approved" });
  const ownPendingPost = await createPost(member, { title: "Direct access: own pending", status: "pending" });
  await createPost(other, { title: "Direct access: someone else's pending", status: "pending" });
  const comment = await createComment(other, approvedPost);
  await createComment(member, ownPendingPost);
  await sql`insert into public.info_boxes (post_id, title) values (${ownPendingPost}, 'Own box')`;
  await sql`insert into public.post_votes (post_id, user_id, vote) values (${approvedPost}, ${member.id}, 1), (${approvedPost}, ${other.id}, -1)`;
  await sql`insert into public.comment_votes (comment_id, user_id, vote) values (${comment}, ${member.id}, 1)`;
  await sql`insert into public.suggestions (user_id, suggestion) values (${member.id}, 'Mine'), (${other.id}, 'Theirs')`;
  await sql`insert into public.edit_suggestions (post_id, user_id, summary, changes)
            values (${approvedPost}, ${member.id}, 'Mine', '{"title": "Direct access: mine"}'),
                   (${approvedPost}, ${other.id}, 'Theirs', '{"title": "Direct access: theirs"}')`;
  await sql`insert into public.notifications (recipient_id, kind, post_id, post_title)
            values (${member.id}, 'post_published', ${ownPendingPost}, 'Mine'), (${other.id}, 'post_published', ${approvedPost}, 'Theirs')`;
  await sql`insert into public.reports (reporter_id, post_id, reason) values (${member.id}, ${approvedPost}, 'spam'), (${other.id}, ${approvedPost}, 'spam')`;
  // A published post has its history; a pending one shows none, even to its author.
  await sql`select private.record_post_revision(${approvedPost}, 'approval', ${other.id})`;
  await sql`select private.record_post_revision(${ownPendingPost}, 'approval', ${member.id})`;
  values = { uid: member.id, approvedPost, ownPendingPost, comment };
});

/** Fills in :uid, :approvedPost, ... as SQL literals. */
function bind(text: string): string {
  return text.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for :${name}`);
    return typeof value === "number" ? String(value) : `'${value}'`;
  });
}

type Actor = "visitor" | "member";

/** Runs `work` in a rolled-back repeatable-read transaction: first as the owner, then as the actor. */
async function compare<T>(actor: Actor, asOwner: (tx: Tx) => Promise<T>, asActor: (tx: Tx) => Promise<T>): Promise<{ expected: T; actual: T }> {
  let result: { expected: T; actual: T } | undefined;
  await sql.begin("isolation level repeatable read", async (tx) => {
    const expected = await asOwner(tx);
    const claims = actor === "visitor" ? { role: "anon" } : { sub: member.id, role: "authenticated" };
    await tx`select set_config('role', ${actor === "visitor" ? "anon" : "authenticated"}, true),
                    set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
    await tx`savepoint attempt`;
    const actual = await asActor(tx).catch(async (error: { code?: string }) => {
      await tx`rollback to savepoint attempt`;
      return error as unknown as T;
    });
    result = { expected, actual };
    await tx`rollback`;
  }).catch((error: Error) => {
    if (!result) throw error;
  });
  return result!;
}

const count = (rows: { n: number }[]) => rows[0]?.n ?? 0;
const affected = (rows: unknown) => (Array.isArray(rows) ? rows.length : 0);

/** Rows a write changed; a write the table's grants refuse outright (42501) changed none. */
const changedRows = (write: Promise<unknown>) =>
  write.then(affected, (error: { code?: string }) => {
    if (error.code === "42501") return 0;
    throw error;
  });

const rowsSeen = (read: Promise<{ n: number }[]>) =>
  read.then(count, (error: { code?: string }) => {
    if (error.code === "42501") return 0;
    throw error;
  });

/** A column that `set column = column` can name: not an identity or generated column. */
async function plainColumn(table: string): Promise<string> {
  const [row] = await sql<{ column_name: string }[]>`
    select column_name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_identity = 'NO' and is_generated = 'NEVER'
    order by ordinal_position limit 1`;
  return row!.column_name;
}

it("declares every table in public, and each has row-level security", async () => {
  const tables = await sql<{ name: string; rls: boolean }[]>`
    select c.relname as name, c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f') order by 1`;
  expect(tables.map((t) => t.name)).toEqual(Object.keys(directAccess).sort());
  expect(tables.filter((t) => !t.rls)).toEqual([]);
  const functions = await sql`select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`;
  expect(functions, "functions in public are RPC endpoints for everyone: keep them in private").toEqual([]);
});

/** The privileges `role` holds on `table`, in the declaration's form (tests/support/direct-access.ts). */
async function grantsOf(table: string, role: string): Promise<string> {
  const rows = await sql<{ privilege: string; columns: string[] | null }[]>`
    select lower(privilege_type) as privilege, null::text[] as columns
      from information_schema.table_privileges
     where table_schema = 'public' and table_name = ${table} and grantee = ${role}
    union all
    select lower(c.privilege_type), array_agg(c.column_name::text order by c.column_name)
      from information_schema.column_privileges c
     where c.table_schema = 'public' and c.table_name = ${table} and c.grantee = ${role}
       and not exists (select 1 from information_schema.table_privileges t
                        where t.table_schema = 'public' and t.table_name = ${table} and t.grantee = ${role}
                          and t.privilege_type = c.privilege_type)
     group by c.privilege_type`;
  const order = ["select", "insert", "update", "delete", "truncate", "references", "trigger"];
  return rows
    .sort((a, b) => order.indexOf(a.privilege) - order.indexOf(b.privilege))
    .map((row) => (row.columns ? `${row.privilege} (${row.columns.join(", ")})` : row.privilege))
    .join(", ");
}

it.each(Object.entries(directAccess))("grants the API roles exactly the declared privileges on %s", async (table, access) => {
  expect({ visitor: await grantsOf(table, "anon"), member: await grantsOf(table, "authenticated") }).toEqual(access.grants);
});

it("names only real actions of the permission table for member inserts", () => {
  const ids = new Set(permissions.map((p) => p.id));
  for (const access of Object.values(directAccess)) {
    if (access.memberInserts) expect(ids.has(access.memberInserts), access.memberInserts).toBe(true);
  }
});

describe.each(Object.entries(directAccess))("%s", (table, access) => {
  it.each(["visitor", "member"] as const)("select as %s returns exactly the declared rows", async (actor) => {
    const predicate = access.read[actor];
    const { expected, actual } = await compare(
      actor,
      async (tx) => predicate ? count(await tx.unsafe(`select count(*)::int as n from public.${table} t where ${bind(predicate)}`)) : 0,
      // A table the role holds no select on shows it no rows (PostgREST answers 401/403).
      (tx) => rowsSeen(tx.unsafe(`select count(*)::int as n from public.${table}`)),
    );
    expect(actual).toBe(expected);
  });

  it.each(["visitor", "member"] as const)("update as %s changes exactly the declared rows", async (actor) => {
    const predicate = actor === "member" ? access.memberUpdates : false;
    const column = await plainColumn(table);
    const { expected, actual } = await compare(
      actor,
      async (tx) => predicate ? count(await tx.unsafe(`select count(*)::int as n from public.${table} t where ${bind(predicate)}`)) : 0,
      async (tx) => changedRows(tx.unsafe(`update public.${table} set ${column} = ${column} returning 1`)),
    );
    expect(actual).toBe(expected);
  });

  it.each(["visitor", "member"] as const)("delete as %s removes exactly the declared rows", async (actor) => {
    const predicate = actor === "member" ? access.memberDeletes : false;
    const { expected, actual } = await compare(
      actor,
      async (tx) => predicate ? count(await tx.unsafe(`select count(*)::int as n from public.${table} t where ${bind(predicate)}`)) : 0,
      async (tx) => changedRows(tx.unsafe(`delete from public.${table} returning 1`)),
    );
    expect(actual).toBe(expected);
  });

  // A member's allowed inserts are tried by the permission table's own rows (memberInserts).
  const refusedFor = access.memberInserts ? (["visitor"] as const) : (["visitor", "member"] as const);
  it.each(refusedFor)("insert as %s is refused", async (actor) => {
    const { actual } = await compare<unknown>(
      actor,
      async () => undefined,
      async (tx) => tx.unsafe(`insert into public.${table} ${bind(access.sampleRow)} returning 1`),
    );
    // Refused by a grant, a policy, or a trigger that requires a signed-in or confirmed member: never by a constraint.
    expect((actual as { code?: string }).code).toMatch(/^(42501|PT401|PT403)$/);
  });
});
