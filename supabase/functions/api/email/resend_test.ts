// The environment first: env.ts is read at import.
import "../testing/offline-env.ts";
import assert from "node:assert/strict";
import { EmailSendError, type OutgoingEmail, sendEmail } from "./resend.ts";

const email: OutgoingEmail = {
  from: "Archive <notify@example.org>",
  to: "member@example.com",
  subject: "Hello",
  html: "<p>Hello</p>",
  text: "Hello",
  headers: { "List-Unsubscribe": "<https://api.example.org/email/unsubscribe?token=t>" },
  idempotencyKey: "email-outbox/7",
};

/** A fake Resend in process: the handler answers each request as the server would; it records what it got. */
function fakeResend(handler: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetchImpl = ((input: string | URL | Request, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return Promise.resolve(handler(request));
  }) as typeof fetch;
  return { requests, fetch: fetchImpl };
}

const errorAnswer = (statusCode: number, name: string, message: string) =>
  Response.json({ statusCode, name, message }, { status: statusCode });

async function sendError(promise: Promise<unknown>): Promise<EmailSendError> {
  const error = await promise.then(() => null, (e) => e);
  assert.ok(error instanceof EmailSendError, `expected an EmailSendError, got ${error}`);
  return error;
}

Deno.test("sends Resend's request: POST /emails, Bearer key, Idempotency-Key, JSON with the rendered parts; answers its id", async () => {
  const fake = fakeResend(() => Response.json({ id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" }));
  const sent = await sendEmail(email, { apiKey: "re_test", apiUrl: "http://resend.test/", fetch: fake.fetch });
  assert.deepEqual(sent, { id: "49a3999c-0ce1-4ea6-ab68-afcd6dc2e794" });
  const [request] = fake.requests;
  assert.equal(request.method, "POST");
  assert.equal(request.url, "http://resend.test/emails");
  assert.equal(request.headers.get("authorization"), "Bearer re_test");
  assert.equal(request.headers.get("idempotency-key"), "email-outbox/7");
  assert.equal(request.headers.get("content-type"), "application/json");
  assert.deepEqual(await request.json(), {
    from: email.from,
    to: [email.to],
    subject: email.subject,
    html: email.html,
    text: email.text,
    headers: email.headers,
  });
});

Deno.test("429, 5xx and a concurrent idempotent request are retryable; a refused request is not", async () => {
  const cases: Array<[Response, boolean, string | null]> = [
    [errorAnswer(429, "rate_limit_exceeded", "Too many requests."), true, "rate_limit_exceeded"],
    [errorAnswer(500, "internal_server_error", "Something went wrong."), true, "internal_server_error"],
    [new Response("<html>Bad gateway</html>", { status: 502 }), true, null],
    [errorAnswer(409, "concurrent_idempotent_requests", "Still in progress."), true, "concurrent_idempotent_requests"],
    [errorAnswer(409, "invalid_idempotent_request", "Same key, other payload."), false, "invalid_idempotent_request"],
    [errorAnswer(422, "validation_error", "Invalid `to` field."), false, "validation_error"],
    [errorAnswer(401, "missing_api_key", "Missing API key in the authorization header."), false, "missing_api_key"],
    [errorAnswer(403, "validation_error", "You can only send testing emails to your own address."), false, "validation_error"],
  ];
  for (const [answer, retryable, name] of cases) {
    const fake = fakeResend(() => answer.clone());
    const error = await sendError(sendEmail(email, { apiKey: "re_test", apiUrl: "http://resend.test", fetch: fake.fetch }));
    assert.equal(error.status, answer.status);
    assert.equal(error.retryable, retryable, `${answer.status} ${name}`);
    assert.equal(error.errorName, name);
  }
});

Deno.test("a network failure and a timeout are retryable", async () => {
  const down = (() => Promise.reject(new TypeError("connection refused"))) as typeof fetch;
  const refused = await sendError(sendEmail(email, { apiKey: "re_test", apiUrl: "http://resend.test", fetch: down }));
  assert.equal(refused.retryable, true);
  assert.equal(refused.status, null);

  // Never answers, except to the abort its signal raises after the timeout.
  const silent = ((_input: string | URL | Request, init?: RequestInit) =>
    new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)))) as typeof fetch;
  const timedOut = await sendError(sendEmail(email, { apiKey: "re_test", apiUrl: "http://resend.test", fetch: silent, timeoutMs: 20 }));
  assert.equal(timedOut.retryable, true);
  assert.match(timedOut.message, /did not answer in time/);
});

Deno.test("without an API key nothing is sent and the error is not retryable", async () => {
  const fake = fakeResend(() => Response.json({ id: "x" }));
  const error = await sendError(sendEmail(email, { apiKey: "", apiUrl: "http://resend.test", fetch: fake.fetch }));
  assert.equal(error.retryable, false);
  assert.equal(fake.requests.length, 0);
});
