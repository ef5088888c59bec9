import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import {
  unsubscribed,
  unsubscribePreview,
  unsubscribeQuery,
  type UnsubscribeTopicName,
  unsubscribeTopicAbout,
  webhookAnswer,
} from "../../_shared/api/email.ts";
import { errorAnswer } from "../../_shared/api/errors.ts";
import type { AppEnv } from "../context.ts";
import { asServiceRole } from "../db/lanes.ts";
import { verifyUnsubscribeToken } from "../email/unsubscribe-token.ts";
import { suppressedAddresses, verifyResendWebhook, WebhookSignatureError } from "../email/webhook.ts";
import { emailEnv } from "../env.ts";
import { fail } from "../http/errors.ts";
import { access, errors, formRefused, json, newRouter } from "../http/openapi.ts";
import { takesForm } from "../middleware/json-body-limit.ts";

/**
 * /email: what e-mails link back to, without signing in. The unsubscribe link
 * (the web page /unsubscribe and the List-Unsubscribe one-click POST, RFC 8058)
 * and Resend's webhook for bounces and complaints.
 */
export const emailRouter = newRouter();

const expiredLink = "This unsubscribe link has expired. Sign in and choose which e-mails you get on your account page.";
const invalidLink = "This unsubscribe link is not valid. Sign in and choose which e-mails you get on your account page.";

/** The member and topic of a good token; a 410 or 400 otherwise. */
function checkedToken(token: string | undefined): { memberId: string; topic: UnsubscribeTopicName } {
  if (!token) fail(400, "The unsubscribe link is incomplete: it has no token.");
  const verified = verifyUnsubscribeToken(token);
  if (verified === "expired") fail(410, expiredLink);
  if (verified === "invalid") fail(400, invalidLink);
  return verified;
}

const tokenErrors = {
  400: json(errorAnswer, "The token is missing, malformed or forged."),
  410: json(errorAnswer, "The link is older than 60 days."),
};

emailRouter.openapi(
  createRoute({
    method: "get",
    path: "/unsubscribe",
    operationId: "previewUnsubscribe",
    tags: ["E-mail"],
    summary: "What an e-mail's unsubscribe link would turn off (changes nothing)",
    description: "For the page /unsubscribe, which asks before it unsubscribes: mail scanners open links, so a GET never changes anything. No sign-in.",
    ...access("visitor"),
    request: { query: unsubscribeQuery },
    responses: { 200: json(unsubscribePreview, "The link is good: this is what it turns off."), ...errors(400), ...tokenErrors },
  }),
  (c) => {
    const { topic } = checkedToken(c.req.valid("query").token);
    c.header("Cache-Control", "private, no-store");
    return c.json({ valid: true as const, topic, about: unsubscribeTopicAbout[topic] }, 200);
  },
);

// Documented with registerPath: the one-click POST is a form (RFC 8058), which
// only a route marked takesForm may receive; its body says nothing the token does not.
emailRouter.openAPIRegistry.registerPath({
  method: "post",
  path: "/unsubscribe",
  operationId: "unsubscribe",
  tags: ["E-mail"],
  summary: "Turn off the kind of e-mail a link is for (one click, no sign-in)",
  description:
    "The List-Unsubscribe one-click POST (RFC 8058: body `List-Unsubscribe=One-Click`, form-encoded) and the page /unsubscribe's button. " +
    "That topic is then delivered to the bell only; a digest's link does so for every topic now sent as the digest. " +
    "Doing it twice changes nothing more. 410 for a link older than 60 days, 400 for one that is not valid, 404 if the account is gone.",
  ...access("visitor"),
  request: {
    query: unsubscribeQuery,
    body: {
      required: false,
      content: {
        "application/x-www-form-urlencoded": { schema: z.object({ "List-Unsubscribe": z.literal("One-Click") }) },
        "application/json": { schema: z.object({}) },
      },
    },
  },
  responses: { 200: json(unsubscribed, "Those e-mails are off; the notifications still reach the bell."), ...errors(400, 404), ...tokenErrors },
});

emailRouter.post("/unsubscribe", takesForm, async (c) => {
  // Nothing of the body is needed; it is not read, so it cannot be large.
  await c.req.raw.body?.cancel();
  const { memberId, topic } = checkedToken(c.req.query("token"));
  await asServiceRole((tx) => tx`select private.unsubscribe_topic(${memberId}::uuid, ${topic})`);
  return c.json({ topic, about: unsubscribeTopicAbout[topic] }, 200);
});

emailRouter.openAPIRegistry.registerPath({
  method: "post",
  path: "/webhooks/resend",
  operationId: "resendWebhook",
  tags: ["E-mail"],
  summary: "Resend's webhook: a bounced or complained address gets no more mail",
  description:
    "Called by Resend (through Svix), signed with the webhook's secret (RESEND_WEBHOOK_SECRET): headers svix-id, svix-timestamp (within 5 minutes) " +
    "and svix-signature. On email.bounced and email.complained every address in data.to is suppressed; other events are acknowledged and ignored.",
  security: [],
  parameters: ["svix-id", "svix-timestamp", "svix-signature"].map((name) => ({ name, in: "header" as const, required: true, schema: { type: "string" as const } })),
  request: { body: { required: true, content: { "application/json": { schema: z.object({ type: z.string(), data: z.object({ to: z.array(z.string()) }).partial() }) } } } },
  responses: {
    200: json(webhookAnswer, "The event is taken."),
    ...errors(400),
    ...formRefused,
    401: json(errorAnswer, "The signature is missing, wrong or too old."),
    503: json(errorAnswer, "No webhook secret is configured (RESEND_WEBHOOK_SECRET), or the archive is briefly unavailable."),
  },
});

emailRouter.post("/webhooks/resend", async (c: Context<AppEnv>) => {
  if (!emailEnv.webhookSecret) fail(503, "The e-mail webhook is not configured (RESEND_WEBHOOK_SECRET).");
  // The raw body: the signature covers its exact bytes (the JSON body limit still caps it).
  const body = await c.req.text();
  let event;
  try {
    event = verifyResendWebhook(body, c.req.raw.headers, emailEnv.webhookSecret);
  } catch (error) {
    if (error instanceof WebhookSignatureError) fail(401, "The webhook's signature is not valid.");
    throw error;
  }
  const addresses = suppressedAddresses(event);
  if (addresses.length) {
    await asServiceRole(async (tx) => {
      for (const { email, reason } of addresses) {
        await tx`select private.suppress_email_address(${email}, ${reason === "email.bounced" ? "bounced" : "complained"})`;
      }
    });
  }
  return c.json({ ok: true as const, suppressed: addresses.length }, 200);
});
