/**
 * What the database and the API tests arrange their world with, in one
 * vocabulary: `createMember`, `createModerator`, `createAdmin`, `createMembers`, `createPost`,
 * `createComment`, with the same options in both suites.
 *
 * Users are the one thing each suite makes its own way (tests/support/callers.ts
 * inserts them into auth.users and acts as them through `asCaller`;
 * tests/support/api.ts signs them up through Auth for a real access token);
 * both build them here with `userFixtures`. Posts and comments are written by
 * the database owner, as the seed does, bypassing the code under test.
 */
import { sql } from "./database.ts";

/** An account of the stack under test. */
export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface UserOptions {
  /** "Test" unless given: display names read "Test <lastName>". */
  firstName?: string;
  lastName?: string;
  /** The 18+ confirmation in the sign-up metadata; true unless given. */
  adultConfirmed?: boolean;
}

/** Everything a suite needs to register an account. */
export interface Registration {
  email: string;
  firstName: string;
  lastName: string;
  adultConfirmed: boolean;
}

const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let userCounter = 0;

function registration(options: UserOptions): Registration {
  userCounter += 1;
  return {
    email: `user-${runId}-${process.pid}-${userCounter}@test.example.com`,
    firstName: options.firstName ?? "Test",
    lastName: options.lastName ?? `User ${userCounter}`,
    adultConfirmed: options.adultConfirmed ?? true,
  };
}

/** Grants a role as the database owner, as `npm run grant-admin` does for admin. */
async function grantRole(user: TestUser, role: "admin" | "moderator"): Promise<void> {
  await sql`insert into public.user_roles (user_id, role) values (${user.id}, ${role}) on conflict do nothing`;
}

/** The user fixtures of a suite, given how it registers one account. */
export function userFixtures<User extends TestUser>(register: (registration: Registration) => Promise<User>) {
  const createMember = (options: UserOptions = {}): Promise<User> => register(registration(options));
  return {
    createMember,
    createAdmin: async (options: UserOptions = {}): Promise<User> => {
      const user = await createMember(options);
      await grantRole(user, "admin");
      return user;
    },
    createModerator: async (options: UserOptions = {}): Promise<User> => {
      const user = await createMember(options);
      await grantRole(user, "moderator");
      return user;
    },
    createMembers: (count: number): Promise<User[]> => Promise.all(Array.from({ length: count }, () => createMember())),
  };
}

export interface PostOptions {
  title?: string;
  excerpt?: string;
  content?: string;
  tags?: string[];
  citations?: string | null;
  postType?: string;
  isNsfw?: boolean;
  isPinned?: boolean;
  isImportant?: boolean;
  eventTimestamp?: string | null;
  /** Approved unless given. */
  status?: "pending" | "approved" | "rejected";
  /** ISO 8601; a day ago unless given, so a fixture never starts its author's posting cooldown. */
  createdAt?: string;
}

/** A post by `author`, written by the database owner (no cooldown, no review), as the seed writes one. */
export async function createPost(author: TestUser, options: PostOptions = {}): Promise<number> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.posts (author_id, title, excerpt, content, tags, citations, post_type, is_nsfw, is_pinned,
                              is_important, event_timestamp, status, created_at)
    values (${author.id}, ${options.title ?? "A test post"}, ${options.excerpt ?? "An excerpt."},
            ${options.content ?? "Some **markdown** content."}, ${options.tags ?? []}::text[], ${options.citations ?? null},
            ${options.postType ?? "discussion"}, ${options.isNsfw ?? false}, ${options.isPinned ?? false},
            ${options.isImportant ?? false}, ${options.eventTimestamp ?? null}, ${options.status ?? "approved"},
            -- As text: postgres.js would round a timestamp parameter to milliseconds.
            coalesce(${options.createdAt ?? null}::text::timestamptz, now() - interval '1 day'))
    returning id`;
  return Number(row.id);
}

export interface CommentOptions {
  content?: string;
  /** The comment this one replies to. */
  parentId?: number | null;
  /** ISO 8601; a day ago unless given, so a fixture never starts its author's commenting cooldown. */
  createdAt?: string;
}

/** A comment by `author` on a post, written by the database owner (no cooldown). */
export async function createComment(author: TestUser, postId: number, options: CommentOptions = {}): Promise<number> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.comments (post_id, parent_id, author_id, content, created_at)
    values (${postId}, ${options.parentId ?? null}, ${author.id}, ${options.content ?? "A comment."},
            coalesce(${options.createdAt ?? null}::text::timestamptz, now() - interval '1 day'))
    returning id`;
  return Number(row.id);
}

/** An edit suggestion by `suggester` on a post (a new title, unique each time), written by the database owner. */
export async function createEditSuggestion(suggester: TestUser, postId: number): Promise<number> {
  const [row] = await sql<{ id: string }[]>`
    insert into public.edit_suggestions (post_id, user_id, summary, changes)
    values (${postId}, ${suggester.id}, 'Better title', ${sql.json({ title: `Suggested ${Math.random()}` })}) returning id`;
  return Number(row.id);
}
