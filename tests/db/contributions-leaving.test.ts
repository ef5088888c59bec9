/**
 * Leaving, in the database: the e-mail confirmation before an account is
 * deleted (private.confirm_account_deletion) and the data export
 * (private.account_export). The deletion itself goes through Auth's admin API:
 * tests/api/contributions-leaving.test.ts.
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { asCaller, createMember, pgError } from "../support/callers.ts";

describe("private.confirm_account_deletion", () => {
  it("answers the caller's id for their own e-mail address, typed in any case, with spaces around", async () => {
    const member = await createMember();
    const [row] = await asCaller(member, (tx) => tx`select private.confirm_account_deletion(${`  ${member.email.toUpperCase()}  `}) as id`);
    expect(row.id).toBe(member.id);
  });

  it("refuses another address, no address and a visitor", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    const mismatch = { code: "PT400", message: "The e-mail address does not match your account. Type it exactly as you sign in with it." };
    expect(await pgError(asCaller(member, (tx) => tx`select private.confirm_account_deletion(${other.email})`))).toEqual(mismatch);
    expect(await pgError(asCaller(member, (tx) => tx`select private.confirm_account_deletion(null)`))).toEqual(mismatch);
    expect((await pgError(asCaller(null, (tx) => tx`select private.confirm_account_deletion(${member.email})`))).code).toMatch(/^(PT401|42501)$/);
  });
});

describe("private.account_export", () => {
  it("includes the caller's own notifications and reports, never rows addressed to or made by others", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(other, { title: "Reported post" });
    await sql`insert into public.notifications (recipient_id, kind, post_id, post_title, actor_id)
              values (${member.id}, 'post_published', ${postId}, 'For the member', ${other.id}),
                     (${other.id}, 'post_published', ${postId}, 'For the other', ${member.id})`;
    await sql`insert into public.reports (reporter_id, post_id, reason) values (${member.id}, ${postId}, 'spam'), (${other.id}, ${postId}, 'spam')`;
    const [row] = await asCaller(member, (tx) => tx`select private.account_export() as data`);
    expect(row.data.notifications.map((n: { post_title: string }) => n.post_title)).toEqual(["For the member"]);
    expect(row.data.reports.map((r: { reporter_id: string }) => r.reporter_id)).toEqual([member.id]);
  });

  it("includes what the caller follows and how they hear of it, never who follows them", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    const postId = await createPost(other);
    await sql`insert into public.post_follows (member_id, post_id) values (${member.id}, ${postId})`;
    await sql`insert into public.author_follows (member_id, author_id) values (${member.id}, ${other.id}), (${other.id}, ${member.id})`;
    await sql`insert into public.tag_follows (member_id, tag) values (${member.id}, 'harbour')`;
    await sql`insert into public.notification_preferences (member_id, topic, delivery) values (${member.id}, 'replies', 'digest')`;
    await sql`insert into public.digest_settings (member_id, time_zone, digest_hour) values (${member.id}, 'Europe/Oslo', 7)`;
    const [{ data }] = await asCaller(member, (tx) => tx`select private.account_export() as data`);
    expect(data.post_follows.map((f: { post_id: number }) => f.post_id)).toEqual([postId]);
    expect(data.author_follows.map((f: { author_id: string }) => f.author_id)).toEqual([other.id]);
    expect(data.tag_follows.map((f: { tag: string }) => f.tag)).toEqual(["harbour"]);
    expect(data.notification_preferences).toEqual([expect.objectContaining({ topic: "replies", delivery: "digest" })]);
    expect(data.digest_settings).toEqual([expect.objectContaining({ time_zone: "Europe/Oslo", digest_hour: 7 })]);
  });

  it("is refused to a visitor", async () => {
    expect((await pgError(asCaller(null, (tx) => tx`select private.account_export()`))).code).toMatch(/^(PT401|42501)$/);
  });
});
