import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";
import { suppressedAddresses, verifyResendWebhook, WebhookSignatureError } from "./webhook.ts";

// A Svix secret as Resend shows it: "whsec_" and 24 random bytes in base64.
const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const body = JSON.stringify({
  type: "email.bounced",
  created_at: "2026-12-01T12:00:00.000Z",
  data: { email_id: "56761188-7520-42d8-8898-ff6fc54ce618", to: ["Gone@Example.com"], bounce: { type: "Permanent", subType: "General", message: "No such user" } },
});

/** Headers as Resend (Svix) sends them, signed at `at` with `key`. */
function signed(payload: string, at = new Date(), key = secret, id = "msg_p5jXN8AQM9LWM0D4loKWxJek"): Headers {
  return new Headers({
    "svix-id": id,
    "svix-timestamp": String(Math.floor(at.getTime() / 1000)),
    "svix-signature": new Webhook(key).sign(id, at, payload),
  });
}

Deno.test("a signed event verifies and its bounced address is suppressed, in lower case", () => {
  const event = verifyResendWebhook(body, signed(body), secret);
  assert.equal(event.type, "email.bounced");
  assert.deepEqual(suppressedAddresses(event), [{ email: "gone@example.com", reason: "email.bounced" }]);
});

Deno.test("the signature is Svix's: v1, base64 HMAC-SHA256 of id.timestamp.body with the secret's bytes", async () => {
  const id = "msg_1";
  const timestamp = String(Math.floor(Date.now() / 1000));
  const key = await crypto.subtle.importKey("raw", Uint8Array.from(atob(secret.slice(6)), (c) => c.charCodeAt(0)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${body}`)));
  const headers = new Headers({ "svix-id": id, "svix-timestamp": timestamp, "svix-signature": `v1,${btoa(String.fromCharCode(...mac))}` });
  assert.equal(verifyResendWebhook(body, headers, secret).type, "email.bounced");
  // Several signatures while a secret rotates: one matching is enough.
  headers.set("svix-signature", `v1,AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA= v1,${btoa(String.fromCharCode(...mac))}`);
  assert.equal(verifyResendWebhook(body, headers, secret).type, "email.bounced");
});

Deno.test("a complaint suppresses every address it names; other events none", () => {
  const complained = { type: "email.complained", data: { to: ["a@example.com", "b@example.com"] } };
  assert.deepEqual(suppressedAddresses(complained), [
    { email: "a@example.com", reason: "email.complained" },
    { email: "b@example.com", reason: "email.complained" },
  ]);
  assert.deepEqual(suppressedAddresses({ type: "email.delivered", data: { to: ["a@example.com"] } }), []);
});

Deno.test("refused: a changed body, the wrong secret, missing headers, or a time more than 5 minutes off", () => {
  const headers = signed(body);
  assert.throws(() => verifyResendWebhook(body.replace("Gone", "Kept"), headers, secret), WebhookSignatureError);
  assert.throws(() => verifyResendWebhook(body, headers, "whsec_" + btoa("another secret of 24 b!")), WebhookSignatureError);
  assert.throws(() => verifyResendWebhook(body, new Headers({ "svix-id": "msg_1" }), secret), WebhookSignatureError);
  assert.throws(() => verifyResendWebhook(body, signed(body, new Date(Date.now() - 6 * 60_000)), secret), WebhookSignatureError);
  assert.throws(() => verifyResendWebhook(body, signed(body, new Date(Date.now() + 6 * 60_000)), secret), WebhookSignatureError);
  // Within the tolerance it passes.
  assert.equal(verifyResendWebhook(body, signed(body, new Date(Date.now() - 4 * 60_000)), secret).type, "email.bounced");
});
