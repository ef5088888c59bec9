/**
 * The Resend stand-in (local-stack/src/resend/server.ts) answers as Resend's
 * POST /emails does (https://resend.com/docs/api-reference/emails/send-email,
 * https://resend.com/docs/api-reference/errors) and delivers into the mail
 * catcher, headers and both parts included, where Mailpit's API reads them.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mailpitUrl, uniqueEmail } from "./env.ts";
import { latestMailTo, mailCount } from "./mailpit.ts";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests against the local stack (npm run --silent stack:env)`);
  return value;
}
const resendUrl = required("RESEND_STAND_IN_URL").replace(/\/$/, "");
const apiKey = required("RESEND_API_KEY");

function send(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${resendUrl}/emails`, {
    method: "POST",
    headers: { "Authorization": `Bearer ${apiKey}`, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

const email = (to: string, subject = "Alex replied to your comment") => ({
  from: "The Community Archive <notifications@archive.localhost>",
  to: [to],
  subject,
  html: "<p>Alex replied: <b>I remember it well.</b></p>",
  text: "Alex replied: I remember it well.",
  headers: {
    "List-Unsubscribe": `<http://127.0.0.1:54321/functions/v1/api/email/unsubscribe?token=${"a".repeat(120)}.${"b".repeat(43)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
});

describe("the Resend stand-in", () => {
  it("answers {id} and delivers the message with its headers, HTML and text into the mail catcher", async () => {
    const to = uniqueEmail("resend");
    const answer = await send(email(to));
    expect(answer.status).toBe(200);
    const { id } = (await answer.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const mail = await latestMailTo(to);
    expect(mail.Subject).toBe("Alex replied to your comment");
    expect(mail.HTML).toContain("<b>I remember it well.</b>");
    expect(mail.Text).toContain("Alex replied: I remember it well.");
    const headers = (await (await fetch(`${mailpitUrl}/api/v1/message/${mail.ID}/headers`)).json()) as Record<string, string[]>;
    expect(headers["List-Unsubscribe"]).toEqual([email(to).headers["List-Unsubscribe"]]);
    expect(headers["List-Unsubscribe-Post"]).toEqual(["List-Unsubscribe=One-Click"]);
  });

  it("honours an Idempotency-Key: the same body answers the same id without a second e-mail; another body is a 409", async () => {
    const to = uniqueEmail("resend-idem");
    const key = `email-outbox/${randomUUID()}`;
    const first = (await (await send(email(to), { "Idempotency-Key": key })).json()) as { id: string };
    await latestMailTo(to);
    const again = await send(email(to), { "Idempotency-Key": key });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: string }).id).toBe(first.id);
    expect(await mailCount(to)).toBe(1);

    const other = await send(email(to, "Another subject"), { "Idempotency-Key": key });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ statusCode: 409, name: "invalid_idempotent_request" });
    expect(await mailCount(to)).toBe(1);

    const tooLong = await send(email(to), { "Idempotency-Key": "k".repeat(257) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ statusCode: 400, name: "invalid_idempotency_key" });
  });

  it("refuses as Resend does: no key 401, a wrong key 401, a missing field 422, with {statusCode, name, message}", async () => {
    const to = uniqueEmail("resend-refused");
    const noKey = await fetch(`${resendUrl}/emails`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(email(to)) });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ statusCode: 401, name: "missing_api_key" });

    const wrongKey = await send(email(to), { Authorization: "Bearer re_wrong" });
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toMatchObject({ statusCode: 401, name: "validation_error", message: "API key is invalid" });

    const { subject: _subject, ...noSubject } = email(to);
    const missing = await send(noSubject);
    expect(missing.status).toBe(422);
    const error = (await missing.json()) as { statusCode: number; name: string; message: string };
    expect(error).toMatchObject({ statusCode: 422, name: "missing_required_field" });
    expect(error.message).toMatch(/subject/);

    const badTo = await send({ ...email(to), to: ["not an address"] });
    expect(badTo.status).toBe(422);
    expect(await mailCount(to)).toBe(0);
  });
});
