/**
 * Sends one e-mail through Resend's API, as Supabase's guide "Sending Emails"
 * does from an edge function (https://supabase.com/docs/guides/functions/examples/send-emails):
 *
 *   POST {RESEND_API_URL}/emails   Authorization: Bearer {RESEND_API_KEY}   Idempotency-Key: {key}
 *   {from, to, subject, html, text, headers}  →  200 {id}
 *   errors: {statusCode, name, message} (https://resend.com/docs/api-reference/errors),
 *   e.g. 429 rate_limit_exceeded, 409 invalid_idempotent_request, 422 validation_error.
 *
 * The same Idempotency-Key within 24 hours gives the same answer without a
 * second e-mail (https://resend.com/docs/dashboard/emails/idempotency-keys),
 * so a send whose answer was lost is retried safely with the same key.
 */
import { emailEnv } from "../env.ts";
import type { RenderedEmail } from "./types.ts";

export interface OutgoingEmail extends RenderedEmail {
  from: string;
  to: string;
  /** Up to 256 characters; the same for every attempt at one e-mail (e.g. "email-outbox/123"). */
  idempotencyKey: string;
}

/** Why a send failed, and whether trying again later can help. */
export class EmailSendError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryable: boolean,
    /** Resend's error name (e.g. "rate_limit_exceeded"), when it gave one. */
    readonly errorName: string | null = null,
  ) {
    super(message);
    this.name = "EmailSendError";
  }
}

export interface SendOptions {
  apiKey?: string;
  apiUrl?: string;
  timeoutMs?: number;
  /** For tests: answers in place of the network. */
  fetch?: typeof fetch;
}

const defaultTimeoutMs = 10_000;

/** Rate limits, the provider's own failures and "still in progress" pass; a request it refused will be refused again. */
const isRetryableStatus = (status: number) => status === 429 || status >= 500 || status === 408;

export async function sendEmail(email: OutgoingEmail, options: SendOptions = {}): Promise<{ id: string }> {
  const apiKey = options.apiKey ?? emailEnv.resendApiKey;
  const apiUrl = (options.apiUrl ?? emailEnv.resendApiUrl).replace(/\/$/, "");
  if (!apiKey) throw new EmailSendError("RESEND_API_KEY is not set", null, false);
  const send = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await send(`${apiUrl}/emails`, {
      method: "POST",
      headers: {
        "Authorization": `Bearer ${apiKey}`,
        "Content-Type": "application/json",
        "Idempotency-Key": email.idempotencyKey,
      },
      body: JSON.stringify({
        from: email.from,
        to: [email.to],
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: email.headers,
      }),
      signal: AbortSignal.timeout(options.timeoutMs ?? defaultTimeoutMs),
    });
  } catch (error) {
    // A timeout or a connection that failed: the e-mail may or may not have gone, and the same key makes a retry safe.
    const timedOut = error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new EmailSendError(timedOut ? "Resend did not answer in time" : `Resend could not be reached: ${String(error)}`, null, true);
  }
  const body = await response.text().catch(() => "");
  let answer: { id?: unknown; name?: unknown; message?: unknown } = {};
  try {
    answer = JSON.parse(body);
  } catch {
    // Not JSON (a proxy's error page): the status alone decides.
  }
  if (response.ok && typeof answer.id === "string") return { id: answer.id };
  const name = typeof answer.name === "string" ? answer.name : null;
  const message = typeof answer.message === "string" ? answer.message : body.slice(0, 200) || response.statusText;
  // 409 concurrent_idempotent_requests: the first attempt is still being sent; ask again later.
  const retryable = response.ok || isRetryableStatus(response.status) || name === "concurrent_idempotent_requests";
  throw new EmailSendError(`Resend answered ${response.status}${name ? ` ${name}` : ""}: ${message}`, response.status, retryable, name);
}
