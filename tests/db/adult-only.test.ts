/**
 * 18+ only (SPEC: members confirm they are adults): Auth's before_user_created hook refuses a
 * sign-up without the confirmation, and the database refuses every member
 * write from an account that has none (one created through the dashboard or
 * the admin API, which skip the hook).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql, type Tx } from "../support/database.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, createMember, pgError } from "../support/callers.ts";

describe("the before_user_created hook", () => {
  const hook = async (userMetadata: unknown) => {
    const event = { metadata: { name: "before-user-created" }, user: { email: "x@example.com", user_metadata: userMetadata } };
    // As Auth runs it: as supabase_auth_admin.
    return sql.begin(async (tx) => {
      await tx`set local role supabase_auth_admin`;
      const [row] = await tx`select private.before_user_created(${tx.json(event as never)}) as result`;
      return row.result;
    });
  };
  const refusal = { error: { http_code: 400, message: "You must be 18 or older to create an account." } };

  it("lets a confirmed adult through", async () => {
    expect(await hook({ first_name: "Ada", adult_confirmed: true })).toEqual({});
  });

  it.each([[{}], [{ adult_confirmed: false }], [{ adult_confirmed: "true" }], [null]])("refuses %j", async (metadata) => {
    expect(await hook(metadata)).toEqual(refusal);
  });

  it("cannot be called through the API roles", async () => {
    for (const role of ["anon", "authenticated"]) {
      const error = await pgError(sql.begin(async (tx) => {
        await tx.unsafe(`set local role ${role}`);
        await tx`select private.before_user_created('{}')`;
      }));
      expect(error.code).toBe("42501");
    }
  });
});

describe("an account without the 18+ confirmation", () => {
  let unconfirmed: TestUser;
  let post: number;
  let comment: number;
  beforeAll(async () => {
    const author = await createMember();
    unconfirmed = await createMember({ adultConfirmed: false });
    post = await createPost(author);
    comment = await createComment(author, post);
  });

  const refused = { code: "PT403", message: "Please confirm that you are 18 or older to take part." };
  const writes: Record<string, (tx: Tx) => Promise<unknown>> = {
    "create a post": (tx) => tx`select private.create_post(${tx.json({ title: "T", excerpt: "E", content: "C" })})`,
    "insert a post directly": (tx) => tx`insert into public.posts (title, excerpt, content) values ('T', 'E', 'C')`,
    comment: (tx) => tx`insert into public.comments (post_id, content) values (${post}, 'Hello')`,
    "vote on a post": (tx) => tx`select private.cast_post_vote(${post}, 'up')`,
    "vote on a comment": (tx) => tx`insert into public.comment_votes (comment_id, vote) values (${comment}, 1)`,
    "suggest an edit": (tx) => tx`insert into public.edit_suggestions (post_id, summary, changes) values (${post}, 'S', '{"title": "New"}')`,
    "send a suggestion": (tx) => tx`insert into public.suggestions (suggestion) values ('Idea')`,
  };

  it.each(Object.keys(writes))("cannot %s", async (name) => {
    expect(await pgError(asCaller(unconfirmed, writes[name]!))).toEqual(refused);
  });

  it("can read, but cannot confirm itself through its metadata (PUT /auth/v1/user writes it)", async () => {
    const read = await asCaller(unconfirmed, (tx) => tx`select id from public.posts where id = ${post}`);
    expect(read).toHaveLength(1);
    await sql`update auth.users set raw_user_meta_data = raw_user_meta_data || '{"adult_confirmed": true}' where id = ${unconfirmed.id}`;
    const [user] = await sql`select raw_user_meta_data -> 'adult_confirmed' as flag from auth.users where id = ${unconfirmed.id}`;
    expect(user.flag).toBe(false);
    expect(await pgError(asCaller(unconfirmed, writes.comment!))).toEqual(refused);
  });
});

describe("a member who confirmed 18+ at sign-up", () => {
  it("stays confirmed whatever their metadata says later", async () => {
    const member = await createMember();
    await sql`update auth.users set raw_user_meta_data = raw_user_meta_data - 'adult_confirmed' where id = ${member.id}`;
    await sql`update auth.users set raw_user_meta_data = raw_user_meta_data || '{"adult_confirmed": false}' where id = ${member.id}`;
    const [user] = await sql`select raw_user_meta_data -> 'adult_confirmed' as flag from auth.users where id = ${member.id}`;
    expect(user.flag).toBe(true);
    await asCaller(member, (tx) => tx`insert into public.suggestions (suggestion) values ('Idea')`);
  });
});
