// The environment first: env.ts is read at import.
import "../testing/offline-env.ts";
import assert from "node:assert/strict";
import { signUnsubscribeToken, unsubscribeTokenExpiry, verifyUnsubscribeToken } from "./unsubscribe-token.ts";

const secret = "test-token-secret";
const memberId = "2b0c3f0e-5a7d-4c1e-9f5b-8d7e6c5b4a39";
const now = new Date("2026-12-01T12:00:00Z");
const token = signUnsubscribeToken({ memberId, topic: "replies", expiresAt: unsubscribeTokenExpiry(now) }, secret);

/** The token with its payload's claims replaced, signature kept. */
function withClaims(claims: Record<string, unknown>): string {
  const [payload, signature] = token.split(".");
  const original = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
  const changed = btoa(JSON.stringify({ ...original, ...claims })).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${changed}.${signature}`;
}

Deno.test("a token signed now verifies to its member and topic, and a digest token to digest", () => {
  assert.deepEqual(verifyUnsubscribeToken(token, secret, now), { memberId, topic: "replies" });
  const digest = signUnsubscribeToken({ memberId, topic: "digest", expiresAt: unsubscribeTokenExpiry(now) }, secret);
  assert.deepEqual(verifyUnsubscribeToken(digest, secret, now), { memberId, topic: "digest" });
});

Deno.test("a token is good for 60 days and expired after", () => {
  assert.deepEqual(verifyUnsubscribeToken(token, secret, new Date(now.getTime() + 59 * 86_400_000)), { memberId, topic: "replies" });
  assert.equal(verifyUnsubscribeToken(token, secret, new Date(now.getTime() + 60 * 86_400_000)), "expired");
});

Deno.test("a forged token is invalid: another member, another topic, a later expiry, or the wrong secret", () => {
  assert.equal(verifyUnsubscribeToken(withClaims({ m: "7f1d2c3b-4a5e-4f6d-8c7b-6a5f4e3d2c1b" }), secret, now), "invalid");
  assert.equal(verifyUnsubscribeToken(withClaims({ t: "account" }), secret, now), "invalid");
  assert.equal(verifyUnsubscribeToken(withClaims({ e: 4_000_000_000 }), secret, now), "invalid");
  assert.equal(verifyUnsubscribeToken(token, "another-secret", now), "invalid");
  assert.equal(verifyUnsubscribeToken(token, "", now), "invalid");
});

Deno.test("a malformed token is invalid, not an error", () => {
  for (const bad of ["", "abc", "a.b.c", `${token}x`, token.replace(".", ""), "!!!.???", `.${token.split(".")[1]}`]) {
    assert.equal(verifyUnsubscribeToken(bad, secret, now), "invalid", bad);
  }
  // Signed, but not our claims: still invalid.
  const [, signature] = token.split(".");
  assert.equal(verifyUnsubscribeToken(`bm90IGpzb24.${signature}`, secret, now), "invalid");
});

Deno.test("signing without a secret refuses", () => {
  assert.throws(() => signUnsubscribeToken({ memberId, topic: "replies", expiresAt: now }, ""));
});
