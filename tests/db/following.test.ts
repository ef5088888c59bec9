/**
 * Following and notification settings in the database (…000710_following):
 * an author follows their own post from the start, follows are capped per
 * member and kind, and the tables keep their values' shape. Who may read and
 * write whose rows is the permission table's (tests/db/permissions.test.ts).
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { asCaller, createMember, pgError } from "../support/callers.ts";

describe("post_follows", () => {
  it("has an author follow their own post from the start; stopping sticks", async () => {
    const author = await createMember();
    const postId = await createPost(author, { status: "pending" });
    expect(await sql`select member_id from public.post_follows where post_id = ${postId}`).toEqual([{ member_id: author.id }]);
    await asCaller(author, (tx) => tx`delete from public.post_follows where post_id = ${postId}`, { commit: true });
    await sql`update public.posts set status = 'approved' where id = ${postId}`;
    expect(await sql`select 1 from public.post_follows where post_id = ${postId}`).toHaveLength(0);
  });

  it("refuses a pending post of someone else and an author without a public page", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    const pending = await createPost(other, { status: "pending" });
    const post = await pgError(asCaller(member, (tx) => tx`insert into public.post_follows (member_id, post_id) values (${member.id}, ${pending})`));
    expect(post.code).toBe("42501");
    const author = await pgError(asCaller(member, (tx) => tx`insert into public.author_follows (member_id, author_id) values (${member.id}, ${other.id})`));
    expect(author.code).toBe("42501");
  });
});

describe("the cap on follows", () => {
  it("stops the 1,001st tag with 409's code and a message, and lets the same tag again through", async () => {
    const member = await createMember();
    await sql`insert into public.tag_follows (member_id, tag) select ${member.id}, 'cap-' || n from generate_series(1, 1000) n`;
    const error = await pgError(asCaller(member, (tx) => tx`insert into public.tag_follows (member_id, tag) values (${member.id}, 'one-more')`));
    expect(error).toEqual({ code: "PT409", message: "You can follow at most 1,000 tags. Unfollow some on your account page first." });
    const again = await asCaller(member, (tx) =>
      tx`insert into public.tag_follows (member_id, tag) values (${member.id}, 'cap-7') on conflict do nothing returning tag`);
    expect(again).toHaveLength(0);
  });

  it("counts each member and kind apart", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    await sql`insert into public.tag_follows (member_id, tag) select ${other.id}, 'cap-' || n from generate_series(1, 1000) n`;
    const rows = await asCaller(member, (tx) => tx`insert into public.tag_follows (member_id, tag) values (${member.id}, 'cap-1') returning tag`);
    expect(rows).toHaveLength(1);
  });
});

describe("values", () => {
  it("keeps tags as posts do, and time zones and hours that exist", async () => {
    const member = await createMember();
    expect((await pgError(sql`insert into public.tag_follows (member_id, tag) values (${member.id}, 'Upper')`)).code).toBe("23514");
    expect((await pgError(sql`insert into public.digest_settings (member_id, time_zone) values (${member.id}, 'Mars/Base')`)).code).toBe("23514");
    expect((await pgError(sql`insert into public.digest_settings (member_id, digest_hour) values (${member.id}, 24)`)).code).toBe("23514");
    expect((await pgError(sql`insert into public.notification_preferences (member_id, topic, delivery) values (${member.id}, 'replies', 'fax')`)).code)
      .toBe("23514");
    const [row] = await asCaller(member, (tx) =>
      tx`insert into public.digest_settings (member_id, time_zone, digest_hour) values (${member.id}, 'Asia/Kolkata', 21) returning time_zone`);
    expect(row.time_zone).toBe("Asia/Kolkata");
  });
});
