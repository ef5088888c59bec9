/**
 * Leaving, in the database: the e-mail confirmation before an account is
 * deleted (private.confirm_account_deletion) and the data export
 * (private.account_export). The deletion itself goes through Auth's admin API:
 * tests/api/contributions-leaving.test.ts.
 */
import { describe, expect, it } from "vitest";
import { asCaller, claimsFor, createMember, pgError } from "../support/db.ts";

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
  it("includes a notifications table when there is one, with only the rows addressed to the caller", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    const exported = await asCaller(member, async (tx) => {
      const [{ present }] = await tx`select to_regclass('public.notifications') is not null as present`;
      if (!present) {
        // As the owner, for this transaction only: a table as the notifications migration may add it.
        await tx`reset role`;
        await tx`create table public.notifications (id bigint generated always as identity, user_id uuid, actor_id uuid, text text)`;
        await tx`insert into public.notifications (user_id, actor_id, text)
                 values (${member.id}, ${other.id}, 'For the member'), (${other.id}, ${member.id}, 'For the other')`;
        await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify(claimsFor(member))}, true)`;
      }
      const [row] = await tx`select private.account_export() as data`;
      return { present, data: row.data };
    });
    expect(Array.isArray(exported.data.notifications)).toBe(true);
    if (!exported.present) {
      expect(exported.data.notifications.map((n: { text: string }) => n.text)).toEqual(["For the member"]);
    }
  });

  it("is refused to a visitor", async () => {
    expect((await pgError(asCaller(null, (tx) => tx`select private.account_export()`))).code).toMatch(/^(PT401|42501)$/);
  });
});
