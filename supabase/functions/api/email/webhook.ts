/**
 * Resend's webhooks (https://resend.com/docs/webhooks/verify-webhooks-requests)
 * are sent through Svix and signed as Standard Webhooks: headers svix-id,
 * svix-timestamp and svix-signature ("v1,<base64 HMAC-SHA256 of
 * `${id}.${timestamp}.${body}`>", space-separated while a secret rotates),
 * with the secret "whsec_<base64>", and refused more than 5 minutes off
 * (https://docs.svix.com/receiving/verifying-payloads/how-manual). The
 * verification is the Standard Webhooks library's, which implements exactly that.
 */
import { Webhook, WebhookVerificationError } from "standardwebhooks";

/** The events that mean an address should get no more mail (https://resend.com/docs/webhooks/event-types). */
export const suppressingEvents = ["email.bounced", "email.complained"] as const;
export type SuppressingEvent = (typeof suppressingEvents)[number];

export interface ResendEvent {
  type: string;
  created_at?: string;
  data?: { email_id?: string; to?: string[] | string; bounce?: { type?: string; subType?: string; message?: string } };
}

export class WebhookSignatureError extends Error {}

/**
 * The event, once its signature and time are checked against the raw body
 * (never a re-serialised one: the signature covers the exact bytes).
 */
export function verifyResendWebhook(body: string, headers: Headers, secret: string): ResendEvent {
  const id = headers.get("svix-id") ?? headers.get("webhook-id");
  const timestamp = headers.get("svix-timestamp") ?? headers.get("webhook-timestamp");
  const signature = headers.get("svix-signature") ?? headers.get("webhook-signature");
  if (!id || !timestamp || !signature) throw new WebhookSignatureError("The svix-id, svix-timestamp and svix-signature headers are required.");
  let event: unknown;
  try {
    const webhook = new Webhook(secret.startsWith("whsec_") ? secret : `whsec_${secret}`);
    // The library reads the Standard Webhooks names; Svix sends the same values under svix-*.
    event = webhook.verify(body, { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": signature });
  } catch (error) {
    // A bad signature, a stale time, or a secret that is not base64: all mean "not from Resend".
    throw new WebhookSignatureError(error instanceof WebhookVerificationError || error instanceof Error ? error.message : String(error));
  }
  if (typeof event !== "object" || event === null || typeof (event as ResendEvent).type !== "string") {
    throw new WebhookSignatureError("The payload is not an event.");
  }
  return event as ResendEvent;
}

/** The addresses an event says to stop mailing, with why, or none. */
export function suppressedAddresses(event: ResendEvent): { email: string; reason: SuppressingEvent }[] {
  if (!(suppressingEvents as readonly string[]).includes(event.type)) return [];
  const to = event.data?.to;
  const list = Array.isArray(to) ? to : typeof to === "string" ? [to] : [];
  return list
    .filter((address): address is string => typeof address === "string" && address.includes("@"))
    .map((address) => ({ email: address.trim().toLowerCase(), reason: event.type as SuppressingEvent }));
}
