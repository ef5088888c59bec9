/**
 * Database test helpers: a postgres.js client on DATABASE_URL, test users, and
 * running statements as a role exactly as the `api` function does (one
 * transaction, `role` and `request.jwt.claims` set locally).
 */
import { randomUUID } from "node:crypto";
import postgres from "postgres";

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run the tests with `npm test`, or export the stack's variables (npm run --silent stack:env).");
  return url;
}

/** Connects as the database owner (no role, no claims: the "system"). */
export const sql = postgres(databaseUrl(), {
  max: 10,
  idle_timeout: 5,
  onnotice: () => {},
  connection: { application_name: "db-tests" },
});

export type Tx = postgres.TransactionSql;

export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** null is an anonymous visitor. */
export type Caller = TestUser | null;

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let userCounter = 0;

/** A new user in auth.users (its profile is created by the trigger); e-mails are unique per run. */
export async function createUser(
  options: { firstName?: string; lastName?: string; admin?: boolean; email?: string; adultConfirmed?: boolean } = {},
): Promise<TestUser> {
  const id = randomUUID();
  userCounter += 1;
  const email = options.email ?? `db-test-${runId}-${userCounter}@test.invalid`;
  const firstName = options.firstName ?? "Test";
  const lastName = options.lastName ?? `User ${userCounter}`;
  await sql`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                            raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email}, '',
            now(), '{"provider":"email","providers":["email"]}',
            ${sql.json({ first_name: firstName, last_name: lastName, adult_confirmed: options.adultConfirmed ?? true })}, now(), now())`;
  const user = { id, email, firstName, lastName };
  if (options.admin) await makeAdmin(user);
  return user;
}

export async function createUsers(count: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: count }, () => createUser()));
}

export async function makeAdmin(user: TestUser): Promise<void> {
  await sql`insert into public.user_roles (user_id, role) values (${user.id}, 'admin') on conflict do nothing`;
}

/** The claims the API sets for a caller (as a verified Supabase access token carries them). */
export function claimsFor(caller: Caller): Record<string, unknown> {
  return caller
    ? { sub: caller.id, role: "authenticated", aud: "authenticated", email: caller.email }
    : { role: "anon" };
}

const rollbackSignal = Symbol("rollback");

/**
 * Runs `work` in one transaction as `caller`, the way the API does. Rolled
 * back unless `commit` is set, so tests can try things without leaving traces.
 */
export async function asCaller<T>(
  caller: Caller,
  work: (tx: Tx) => Promise<T>,
  options: { commit?: boolean; client?: postgres.Sql } = {},
): Promise<T> {
  let result: T | undefined;
  try {
    await (options.client ?? sql).begin(async (tx) => {
      await tx`select set_config('role', ${caller ? "authenticated" : "anon"}, true),
                      set_config('request.jwt.claims', ${JSON.stringify(claimsFor(caller))}, true)`;
      result = await work(tx);
      if (!options.commit) throw rollbackSignal;
    });
  } catch (err) {
    if (err !== rollbackSignal) throw err;
  }
  return result as T;
}

/** Whether `work` succeeds as `caller` (rolled back either way); errors count as "no". */
export async function succeeds(caller: Caller, work: (tx: Tx) => Promise<boolean>): Promise<boolean> {
  try {
    return await asCaller(caller, work);
  } catch {
    return false;
  }
}

/** The SQLSTATE and message of the error `promise` rejects with. */
export async function pgError(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { code: e.code ?? "", message: e.message ?? "" };
  }
  throw new Error("expected a database error, but the statement succeeded");
}

export interface PostFixture {
  title?: string;
  excerpt?: string;
  content?: string;
  tags?: string[];
  citations?: string | null;
  post_type?: string;
  is_nsfw?: boolean;
  is_pinned?: boolean;
  is_important?: boolean;
  event_timestamp?: string | null;
  status?: "pending" | "approved" | "rejected";
  /** Defaults to a day ago, so fixtures never trigger the author's posting cooldown. */
  created_at?: string;
}

/** A post inserted by the system (no cooldown, status as given; approved by default). */
export async function createPost(author: TestUser, fields: PostFixture = {}): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into public.posts (author_id, title, excerpt, content, tags, citations, post_type, is_nsfw, is_pinned,
                              is_important, event_timestamp, status, created_at)
    values (${author.id}, ${fields.title ?? "A test post"}, ${fields.excerpt ?? "An excerpt."},
            ${fields.content ?? "Some **markdown** content."}, ${fields.tags ?? []}::text[], ${fields.citations ?? null},
            ${fields.post_type ?? "discussion"}, ${fields.is_nsfw ?? false}, ${fields.is_pinned ?? false},
            ${fields.is_important ?? false}, ${fields.event_timestamp ?? null}, ${fields.status ?? "approved"},
            coalesce(${fields.created_at ?? null}::timestamptz, now() - interval '1 day'))
    returning id`;
  return Number(row.id);
}

/** A comment inserted by the system (no cooldown), a day old. */
export async function createComment(author: TestUser, postId: number, content = "A comment.", parentId: number | null = null): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into public.comments (post_id, parent_id, author_id, content, created_at)
    values (${postId}, ${parentId}, ${author.id}, ${content}, now() - interval '1 day')
    returning id`;
  return Number(row.id);
}

/** A separate pool, e.g. for many truly parallel connections; end it when done. */
export function newClient(max: number): postgres.Sql {
  return postgres(databaseUrl(), { max, idle_timeout: 5, onnotice: () => {}, connection: { application_name: "db-tests" } });
}

export async function closeDb(): Promise<void> {
  await sql.end({ timeout: 5 });
}
