/**
 * The token in every e-mail's unsubscribe link: which member, which kind of
 * e-mail, until when, signed with HMAC-SHA256 so the link works without
 * signing in and cannot be made up for someone else.
 *
 *   base64url(JSON {m: memberId, t: topic, e: expiry in epoch seconds}) "." base64url(HMAC-SHA256(secret, payload))
 */
import { Buffer } from "node:buffer";
import { createHmac, timingSafeEqual } from "node:crypto";
import { emailEnv } from "../env.ts";
import { type NotificationTopic, notificationTopics } from "./types.ts";

/** A topic, or "digest": every topic the member now gets as a daily digest. */
export type UnsubscribeTopic = NotificationTopic | "digest";

/** Long enough for an old e-mail's link to still work, short enough that a leaked one stops working. */
export const unsubscribeTokenDays = 60;

const unsubscribeTopics: readonly string[] = [...notificationTopics, "digest"];
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sign = (payload: string, secret: string) => createHmac("sha256", secret).update(payload).digest();

export function signUnsubscribeToken(
  claims: { memberId: string; topic: UnsubscribeTopic; expiresAt: Date },
  secret: string = emailEnv.tokenSecret,
): string {
  if (!secret) throw new Error("EMAIL_TOKEN_SECRET is not set");
  const payload = Buffer.from(JSON.stringify({
    m: claims.memberId,
    t: claims.topic,
    e: Math.floor(claims.expiresAt.getTime() / 1000),
  })).toString("base64url");
  return `${payload}.${sign(payload, secret).toString("base64url")}`;
}

/** The expiry of a token signed at `now`. */
export const unsubscribeTokenExpiry = (now: Date) => new Date(now.getTime() + unsubscribeTokenDays * 86_400_000);

export type VerifiedUnsubscribeToken = { memberId: string; topic: UnsubscribeTopic } | "expired" | "invalid";

export function verifyUnsubscribeToken(
  token: string,
  secret: string = emailEnv.tokenSecret,
  now: Date = new Date(),
): VerifiedUnsubscribeToken {
  if (!secret) return "invalid";
  const match = /^([A-Za-z0-9_-]{1,512})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return "invalid";
  const [, payload, signature] = match;
  const given = Buffer.from(signature, "base64url");
  const expected = sign(payload, secret);
  // The signature first, in constant time: nothing of an unsigned payload is believed, not even its expiry.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return "invalid";
  }
  const { m, t, e } = (claims ?? {}) as { m?: unknown; t?: unknown; e?: unknown };
  if (typeof m !== "string" || !uuid.test(m) || typeof t !== "string" || !unsubscribeTopics.includes(t) || typeof e !== "number") {
    return "invalid";
  }
  if (e * 1000 <= now.getTime()) return "expired";
  return { memberId: m, topic: t as UnsubscribeTopic };
}
