/**
 * The API tests' side: users signed up through Supabase Auth, as the SPA signs
 * them up, with a real access token; and calls to the api function over HTTP.
 * Posts and comments: tests/support/fixtures.ts; the owner's connection:
 * tests/support/database.ts.
 */
import { newClient } from "../../local-stack/test/env.ts";
import { confirmByMail } from "../../local-stack/test/mailpit.ts";
import { ContractMismatch, expectAnswerMatchesContract } from "./contract.ts";
import { testEnv } from "./env.ts";
import { type Registration, type TestUser, userFixtures } from "./fixtures.ts";

/** A user who can call the API as themselves. */
export interface SignedInUser extends TestUser {
  token: string;
}

async function signUp(user: Registration): Promise<SignedInUser> {
  const supabase = newClient();
  const { data, error } = await supabase.auth.signUp({
    email: user.email,
    password: "test-password-1",
    options: { data: { first_name: user.firstName, last_name: user.lastName, adult_confirmed: user.adultConfirmed } },
  });
  if (error || !data.user) throw error ?? new Error("sign-up returned no user");
  const { email, firstName, lastName } = user;
  if (data.session) return { id: data.user.id, email, firstName, lastName, token: data.session.access_token };
  // Confirmations are on: the link in the e-mail signs the account in.
  const confirmed = await confirmByMail(supabase, email);
  return { id: data.user.id, email, firstName, lastName, token: confirmed.access_token };
}

export const { createMember, createModerator, createAdmin, createMembers } = userFixtures(signUp);

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * Calls the api function at its Supabase URL, as the deployed site's rewrite
 * does. Every answer is checked against docs/openapi.json first
 * (tests/support/contract.ts): one the contract does not describe throws.
 */
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
  try {
    expectAnswerMatchesContract(method, path, response.status, parsed, response.headers);
  } catch (error) {
    // The stack starts at the test's call of api(), which is what to look at.
    if (error instanceof ContractMismatch) Error.captureStackTrace(error, api);
    throw error;
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/**
 * GET /api/admin/reports as `token` to the end of the queue, page after page:
 * the last answer with every page's reports, or the first answer that is not a page.
 */
export async function allOpenReports(token: string | undefined): Promise<ApiResponse<any>> {
  const reports: unknown[] = [];
  let cursor: string | null = null;
  for (;;) {
    const res: ApiResponse<any> = await api("GET", `/api/admin/reports?limit=100${cursor ? `&cursor=${cursor}` : ""}`, { token });
    if (res.status !== 200) return res;
    reports.push(...res.body.reports);
    cursor = res.body.nextCursor;
    if (!cursor) return { ...res, body: { ...res.body, reports } };
  }
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

/** POST /api/posts as `user` with the valid fields and these files, as the SPA sends a post. */
export const submitPost = <T = any>(user: SignedInUser, media: File[] = []): Promise<ApiResponse<T>> =>
  api<T>("POST", "/api/posts", { token: user.token, form: postForm(validPostFields, media) });

/** The error a call answers: its status and the message users would read. */
export async function refusal(method: string, path: string, options: Parameters<typeof api>[2] = {}): Promise<{ status: number; error: string }> {
  const res = await api(method, path, options);
  return { status: res.status, error: res.body?.error };
}
