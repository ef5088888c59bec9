/**
 * A stand-in for Resend's send-email API, so the notification e-mails the api
 * function sends (supabase/functions/api/email/resend.ts) land in the local
 * mail catcher, where `npm start` shows every e-mail. It answers as Resend does
 * (https://resend.com/docs/api-reference/emails/send-email,
 * https://resend.com/docs/api-reference/errors):
 *
 *   POST /emails   Authorization: Bearer <key>   [Idempotency-Key: <1-256 characters>]
 *     {from, to (string or up to 50), subject, html?, text?, headers?, reply_to?, cc?, bcc?}
 *     200 {id}
 *     401 missing_api_key or validation_error "API key is invalid" · 422 missing_required_field / validation_error
 *     400 invalid_idempotency_key · 409 invalid_idempotent_request (same key, other body)
 *     errors as {statusCode, name, message}
 *
 * An Idempotency-Key is kept 24 hours: the same key with the same body answers
 * the first id again and sends nothing; with another body it is a 409
 * (https://resend.com/docs/dashboard/emails/idempotency-keys). The message goes
 * by SMTP to the catcher with its own headers (List-Unsubscribe, …), HTML and
 * text parts.
 */
import { createHash, randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import nodemailer from "nodemailer";
import { ports, type Log } from "../config.ts";
import { sendJson } from "../http.ts";

/** The local stack's key; the function is given it as RESEND_API_KEY, and the stand-in takes no other. */
export const resendStandInKey = "re_local_stand_in_key";

const idempotencyWindowMs = 24 * 60 * 60 * 1000;
const maxBodyBytes = 40 * 1024 * 1024;

interface Kept {
  bodyHash: string;
  id: string;
  at: number;
}

class ResendError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorName: string,
    message: string,
  ) {
    super(message);
  }
}

const fail = (statusCode: number, name: string, message: string): never => {
  throw new ResendError(statusCode, name, message);
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) fail(422, "validation_error", "The request body is too large.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const addressList = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]).map((v) => String(v).trim()).filter(Boolean);

/** Resend's checks of a send, in its words where it has them. */
function checkedEmail(body: Record<string, unknown>) {
  for (const field of ["from", "to", "subject"]) {
    if (body[field] === undefined || body[field] === null || body[field] === "") fail(422, "missing_required_field", `Missing \`${field}\` field.`);
  }
  const to = addressList(body.to);
  if (to.length > 50) fail(422, "validation_error", "Too many recipients: `to` takes at most 50.");
  const address = /^(?:[^<>]*<)?[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>?$/;
  for (const recipient of to) if (!address.test(recipient)) fail(422, "validation_error", `Invalid \`to\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`);
  if (!address.test(String(body.from))) fail(422, "validation_error", "Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.");
  if (body.html === undefined && body.text === undefined) fail(422, "validation_error", "Missing `html` or `text` field.");
  const headers = body.headers ?? {};
  if (typeof headers !== "object" || Array.isArray(headers)) fail(422, "validation_error", "The `headers` field must be an object.");
  return {
    from: String(body.from),
    to,
    cc: addressList(body.cc),
    bcc: addressList(body.bcc),
    replyTo: addressList(body.reply_to),
    subject: String(body.subject),
    html: body.html === undefined ? undefined : String(body.html),
    text: body.text === undefined ? undefined : String(body.text),
    headers: Object.fromEntries(Object.entries(headers as Record<string, unknown>).map(([k, v]) => [k, String(v)])),
  };
}

export interface ResendStandIn {
  url: string;
  close(): Promise<void>;
}

export async function startResendStandIn(log: Log): Promise<ResendStandIn> {
  const kept = new Map<string, Kept>();
  // Where Auth's e-mails go too: the catcher's SMTP port (mail.ts).
  const transport = nodemailer.createTransport({ host: "127.0.0.1", port: ports.smtp, secure: false, ignoreTLS: true });

  async function send(req: IncomingMessage): Promise<{ id: string }> {
    const auth = req.headers.authorization;
    if (!auth) fail(401, "missing_api_key", "Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY");
    if (auth !== `Bearer ${resendStandInKey}`) fail(401, "validation_error", "API key is invalid");
    const key = req.headers["idempotency-key"];
    if (key !== undefined && (typeof key !== "string" || key.length < 1 || key.length > 256)) {
      fail(400, "invalid_idempotency_key", "Idempotency keys, if present, must have between 1 and 256 characters.");
    }
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      fail(422, "validation_error", "The request body is not valid JSON.");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) fail(422, "validation_error", "The request body must be a JSON object.");
    const bodyHash = createHash("sha256").update(raw).digest("hex");
    const now = Date.now();
    for (const [k, v] of kept) if (now - v.at > idempotencyWindowMs) kept.delete(k);
    const earlier = typeof key === "string" ? kept.get(key) : undefined;
    if (earlier) {
      if (earlier.bodyHash !== bodyHash) fail(409, "invalid_idempotent_request", "Same idempotency key used with a different request payload. Change your idempotency key or payload.");
      return { id: earlier.id };
    }
    const email = checkedEmail(body as Record<string, unknown>);
    const id = randomUUID();
    // Kept before sending, so a retry while this one is on its way is not sent twice.
    if (typeof key === "string") kept.set(key, { bodyHash, id, at: now });
    try {
      await transport.sendMail({
        from: email.from,
        to: email.to,
        cc: email.cc,
        bcc: email.bcc,
        replyTo: email.replyTo,
        subject: email.subject,
        html: email.html,
        text: email.text,
        headers: email.headers,
        messageId: `<${id}@resend.local>`,
      });
    } catch (error) {
      if (typeof key === "string") kept.delete(key);
      fail(500, "application_error", `The local mail catcher did not take the message: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { id };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    try {
      if (url.pathname !== "/emails") fail(404, "not_found", "The requested endpoint does not exist.");
      if (req.method !== "POST") fail(405, "method_not_allowed", "Method is not allowed for the requested path.");
      sendJson(res, 200, await send(req));
    } catch (error) {
      req.resume();
      if (error instanceof ResendError) return sendJson(res, error.statusCode, { statusCode: error.statusCode, name: error.errorName, message: error.message });
      sendJson(res, 500, { statusCode: 500, name: "application_error", message: error instanceof Error ? error.message : String(error) });
    }
  }

  const server = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(ports.resend, "127.0.0.1", () => resolve());
  });
  const url = `http://127.0.0.1:${ports.resend}`;
  log(`the Resend stand-in is listening on ${url} (it delivers into the mail catcher)`);
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        transport.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
