import { newClient } from "../../local-stack/test/env.ts";
import { confirmByMail } from "../../local-stack/test/mailpit.ts";
import postgres from "postgres";
import { testEnv } from "./env.ts";

/** A signed-in account of the stack under test, with a real access token. */
export interface TestUser {
  id: string;
  email: string;
  token: string;
}

let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now()}-${process.pid}-${counter}@test.example.com`;
}

/** Signs up a brand-new member through Supabase Auth (as the SPA does). */
export async function signUpMember(label = "member"): Promise<TestUser> {
  const supabase = newClient();
  const email = uniqueEmail(label);
  const { data, error } = await supabase.auth.signUp({
    email,
    password: "test-password-1",
    options: { data: { first_name: "Test", last_name: label, adult_confirmed: true } },
  });
  if (error || !data.user) throw error ?? new Error("sign-up returned no user");
  if (data.session) return { id: data.user.id, email, token: data.session.access_token };
  // Confirmations are on: the link in the e-mail signs the account in.
  const confirmed = await confirmByMail(supabase, email);
  return { id: data.user.id, email, token: confirmed.access_token };
}

let adminSql: postgres.Sql | undefined;
/** A superuser connection, for arranging test data the API has no call for. */
export function databaseAsOwner(): postgres.Sql {
  adminSql ??= postgres(testEnv.databaseUrl, { max: 2, onnotice: () => {} });
  return adminSql;
}

/** Signs up a new account and grants it the admin role, as `npm run grant-admin` does. */
export async function signUpAdmin(): Promise<TestUser> {
  const user = await signUpMember("admin");
  await databaseAsOwner()`insert into public.user_roles (user_id, role) values (${user.id}, 'admin')`;
  return user;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the api function at its Supabase URL, as the deployed site's rewrite does. */
export async function api<T = any>(
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(`${testEnv.supabaseUrl}/functions/v1${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text so the assertion shows it
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export interface PostFields {
  title?: string;
  excerpt?: string;
  content?: string;
  tags?: string[];
  postType?: string;
  status?: "pending" | "approved" | "rejected";
  eventTimestamp?: string | null;
  createdAt?: string;
  isImportant?: boolean;
  isNsfw?: boolean;
}

/** Arranges a post directly in the database (as the seed does), bypassing the API under test. */
export async function insertPost(authorId: string, fields: PostFields = {}): Promise<number> {
  const sql = databaseAsOwner();
  const [row] = await sql<{ id: string }[]>`
    insert into public.posts
      (author_id, title, excerpt, content, tags, post_type, status, event_timestamp, is_important, is_nsfw, created_at)
    values (
      ${authorId},
      ${fields.title ?? "A test post"},
      ${fields.excerpt ?? "A test excerpt"},
      ${fields.content ?? "Test **content**"},
      ${fields.tags ?? []},
      ${fields.postType ?? "discussion"},
      ${fields.status ?? "approved"},
      ${fields.eventTimestamp ?? null},
      ${fields.isImportant ?? false},
      ${fields.isNsfw ?? false},
      -- As text: postgres.js would round a timestamp parameter to milliseconds.
      coalesce(${fields.createdAt ?? null}::text::timestamptz, now()))
    returning id`;
  return Number(row.id);
}

/** A multipart body for POST /api/posts with SPEC §7's field names. */
export function postForm(fields: Record<string, string>, media: File[] = [], mediaField = "media"): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of media) form.append(mediaField, file);
  return form;
}

export const validPostFields = {
  title: "A new post",
  excerpt: "What it is about",
  content: "# Heading\n\nSome text.",
  tags: "Music, Live ,music",
  postType: "discussion",
  isNSFW: "0",
};
