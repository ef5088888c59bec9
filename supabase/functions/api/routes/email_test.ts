// The environment first: the app's modules read it at import, so the secrets are set before the app is imported.
import "../testing/offline-env.ts";
import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";

const tokenSecret = "route-test-token-secret";
const webhookSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
Deno.env.set("EMAIL_TOKEN_SECRET", tokenSecret);
Deno.env.set("RESEND_WEBHOOK_SECRET", webhookSecret);
const { createApp } = await import("../app.ts");
const { signUnsubscribeToken } = await import("../email/unsubscribe-token.ts");

/** The function in process, its database address pointing at nothing (testing/offline-env.ts). */
const app = createApp({ listenForChanges: false });
const memberId = "2b0c3f0e-5a7d-4c1e-9f5b-8d7e6c5b4a39";
const token = (expiresAt = new Date(Date.now() + 86_400_000), secret = tokenSecret) =>
  signUnsubscribeToken({ memberId, topic: "replies", expiresAt }, secret);
const url = (t: string) => `http://localhost/api/email/unsubscribe?token=${encodeURIComponent(t)}`;

Deno.test("GET /api/email/unsubscribe says what a good link turns off, without touching the database, and is never cached", async () => {
  const answer = await app.request(url(token()));
  assert.equal(answer.status, 200);
  assert.deepEqual(await answer.json(), { valid: true, topic: "replies", about: "replies to your comments" });
  assert.equal(answer.headers.get("cache-control"), "private, no-store");
});

Deno.test("an expired link is 410 and a forged one 400, for the page and the one-click POST alike", async () => {
  const expired = token(new Date(Date.now() - 1000));
  const forged = token(undefined, "someone else's secret");
  for (const method of ["GET", "POST"]) {
    const gone = await app.request(url(expired), { method });
    assert.equal(gone.status, 410, method);
    assert.match((await gone.json()).error, /expired/);
    const bad = await app.request(url(forged), { method });
    assert.equal(bad.status, 400, method);
    assert.match((await bad.json()).error, /not valid/);
    const none = await app.request("http://localhost/api/email/unsubscribe", { method });
    assert.equal(none.status, 400, method);
    await none.body?.cancel();
  }
});

Deno.test("the one-click POST's form body is taken (RFC 8058), not refused as a form", async () => {
  // Forged, so it stops before the database: what matters is that the form is not a 415.
  const answer = await app.request(url(token(undefined, "x")), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  assert.equal(answer.status, 400);
  await answer.body?.cancel();
});

Deno.test("the Resend webhook refuses a missing or wrong signature with 401, and acknowledges an event it ignores", async () => {
  const body = JSON.stringify({ type: "email.delivered", data: { to: ["a@example.com"] } });
  const unsigned = await app.request("http://localhost/api/email/webhooks/resend", { method: "POST", headers: { "content-type": "application/json" }, body });
  assert.equal(unsigned.status, 401);
  await unsigned.body?.cancel();

  const now = new Date();
  const headers = {
    "content-type": "application/json",
    "svix-id": "msg_1",
    "svix-timestamp": String(Math.floor(now.getTime() / 1000)),
    "svix-signature": new Webhook(webhookSecret).sign("msg_1", now, body),
  };
  const wrong = await app.request("http://localhost/api/email/webhooks/resend", { method: "POST", headers, body: body.replace("a@", "b@") });
  assert.equal(wrong.status, 401);
  await wrong.body?.cancel();

  const ignored = await app.request("http://localhost/api/email/webhooks/resend", { method: "POST", headers, body });
  assert.equal(ignored.status, 200);
  assert.deepEqual(await ignored.json(), { ok: true, suppressed: 0 });
});
