/**
 * The e-mails' links back into the archive, without signing in: the unsubscribe
 * page's GET (which changes nothing) and POST, the List-Unsubscribe one-click
 * POST (RFC 8058), and Resend's signed webhook suppressing bounced addresses.
 */
import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createMember, type SignedInUser } from "../support/api.ts";
import { sql } from "../support/database.ts";
import { testEnv } from "../support/env.ts";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: export the stack's variables (npm run --silent stack:env)`);
  return value;
}

/** An unsubscribe token as the api function signs them (supabase/functions/api/email/unsubscribe-token.ts). */
function unsubscribeToken(memberId: string, topic: string, expiresAt = new Date(Date.now() + 86_400_000), secret = required("EMAIL_TOKEN_SECRET")) {
  const payload = Buffer.from(JSON.stringify({ m: memberId, t: topic, e: Math.floor(expiresAt.getTime() / 1000) })).toString("base64url");
  return `${payload}.${createHmac("sha256", secret).update(payload).digest("base64url")}`;
}

const path = (token: string) => `/api/email/unsubscribe?token=${encodeURIComponent(token)}`;

async function deliveries(memberId: string): Promise<Record<string, string>> {
  const rows = await sql<{ topic: string; delivery: string }[]>`select topic, delivery from public.notification_preferences where member_id = ${memberId}`;
  return Object.fromEntries(rows.map((row) => [row.topic, row.delivery]));
}

/** Headers as Resend (Svix) signs a webhook call: v1, base64 HMAC-SHA256 of id.timestamp.body with the secret's bytes. */
function svixHeaders(body: string, at = new Date()): Record<string, string> {
  const secret = Buffer.from(required("RESEND_WEBHOOK_SECRET").replace(/^whsec_/, ""), "base64");
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac("sha256", secret).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${signature}` };
}

describe("unsubscribing from an e-mail's link", () => {
  let member: SignedInUser;
  beforeAll(async () => {
    member = await createMember();
  });

  it("GET says what the link turns off and changes nothing; POST turns that topic to the bell only", async () => {
    const token = unsubscribeToken(member.id, "replies");
    const preview = await api("GET", path(token));
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ valid: true, topic: "replies", about: "replies to your comments" });
    expect(await deliveries(member.id)).toEqual({});

    const done = await api("POST", path(token), { json: {} });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ topic: "replies", about: "replies to your comments" });
    expect(await deliveries(member.id)).toEqual({ replies: "bell" });
  });

  it("the one-click POST a mail client sends (form body List-Unsubscribe=One-Click, no sign-in) works the same", async () => {
    const other = await createMember();
    const response = await fetch(`${testEnv.supabaseUrl}/functions/v1${path(unsubscribeToken(other.id, "comments"))}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ topic: "comments", about: "comments on your posts" });
    expect(await deliveries(other.id)).toEqual({ comments: "bell" });
  });

  it("a digest's link turns off every topic now in the digest, and only those", async () => {
    const other = await createMember();
    await sql`insert into public.notification_preferences (member_id, topic, delivery)
              values (${other.id}, 'following', 'digest'), (${other.id}, 'comments', 'digest'), (${other.id}, 'replies', 'immediate')`;
    const done = await api("POST", path(unsubscribeToken(other.id, "digest")), { json: {} });
    expect(done.status).toBe(200);
    expect(await deliveries(other.id)).toEqual({ following: "bell", comments: "bell", replies: "immediate" });
  });

  it("an expired link is 410, a forged one 400, and neither changes anything", async () => {
    const other = await createMember();
    const expired = unsubscribeToken(other.id, "replies", new Date(Date.now() - 1000));
    const forged = unsubscribeToken(other.id, "replies", undefined, "not the secret");
    for (const method of ["GET", "POST"]) {
      const gone = await api(method, path(expired), method === "POST" ? { json: {} } : {});
      expect(gone.status).toBe(410);
      expect(gone.body.error).toMatch(/expired/);
      const bad = await api(method, path(forged), method === "POST" ? { json: {} } : {});
      expect(bad.status).toBe(400);
    }
    expect(await deliveries(other.id)).toEqual({});
  });
});

describe("Resend's webhook", () => {
  it("a signed bounce suppresses the address; a complaint too; a bad signature is 401 and changes nothing", async () => {
    const bounced = `bounced-${Date.now()}@example.com`;
    const complained = `complained-${Date.now()}@example.com`;
    const bounce = JSON.stringify({ type: "email.bounced", created_at: new Date().toISOString(), data: { email_id: "e1", to: [bounced.toUpperCase()] } });

    const forged = await api("POST", "/api/email/webhooks/resend", {
      headers: { ...svixHeaders(bounce), "content-type": "application/json" },
      json: JSON.parse(bounce.replace("email.bounced", "email.delivered")),
    });
    expect(forged.status).toBe(401);
    expect(await sql`select 1 from private.email_suppressions where email = ${bounced}`).toHaveLength(0);

    const response = await fetch(`${testEnv.supabaseUrl}/functions/v1/api/email/webhooks/resend`, {
      method: "POST",
      headers: { ...svixHeaders(bounce), "content-type": "application/json" },
      body: bounce,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, suppressed: 1 });

    const complaint = JSON.stringify({ type: "email.complained", data: { to: [complained] } });
    const second = await fetch(`${testEnv.supabaseUrl}/functions/v1/api/email/webhooks/resend`, {
      method: "POST",
      headers: { ...svixHeaders(complaint), "content-type": "application/json" },
      body: complaint,
    });
    expect(second.status).toBe(200);

    const rows = await sql<{ email: string; reason: string }[]>`
      select email, reason from private.email_suppressions where email in (${bounced}, ${complained}) order by email`;
    expect(rows).toEqual([{ email: bounced, reason: "bounced" }, { email: complained, reason: "complained" }]);
  });

  it("a call signed more than 5 minutes ago is refused", async () => {
    const body = JSON.stringify({ type: "email.bounced", data: { to: [`late-${Date.now()}@example.com`] } });
    const response = await fetch(`${testEnv.supabaseUrl}/functions/v1/api/email/webhooks/resend`, {
      method: "POST",
      headers: { ...svixHeaders(body, new Date(Date.now() - 6 * 60_000)), "content-type": "application/json" },
      body,
    });
    expect(response.status).toBe(401);
    await response.body?.cancel();
  });
});
