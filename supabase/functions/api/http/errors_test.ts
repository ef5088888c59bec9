import { Hono } from "hono";
import assert from "node:assert/strict";
import { fail, handleError, notFound, retryAfterSeconds } from "./errors.ts";

/** What a handler that throws `err` answers, through the api function's error handler. */
async function answerTo(err: unknown) {
  const app = new Hono().get("/", () => {
    throw err;
  });
  app.onError(handleError);
  const res = await app.request("/");
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

/** As postgres.js throws them: an Error with the server's severity and SQLSTATE. */
const postgresError = (code: string, message = "a message from Postgres") =>
  Object.assign(new Error(message), { severity: "ERROR", code });

Deno.test("fail() answers with its status and message in the common envelope", async () => {
  assert.deepEqual(await answerTo(catching(() => fail(409, "Already there."))), {
    status: 409,
    retryAfter: null,
    body: { error: "Already there.", detail: "Already there." },
  });
});

Deno.test("SQLSTATE PTxxx is that HTTP status with the database's own message", async () => {
  const { status, body } = await answerTo(postgresError("PT429", "Please wait 1 minute before commenting again."));
  assert.equal(status, 429);
  assert.equal(body.error, "Please wait 1 minute before commenting again.");
  assert.equal((await answerTo(postgresError("PT404", "Post not found."))).status, 404);
});

Deno.test("a plain raise exception (P0001) is a 400 with its message", async () => {
  const { status, body } = await answerTo(postgresError("P0001", "A rule of our own."));
  assert.equal(status, 400);
  assert.equal(body.error, "A rule of our own.");
});

Deno.test("Postgres's own errors get a status and a generic text, never its message", async () => {
  const cases: [string, number, string][] = [
    ["42501", 403, "You are not allowed to do that."],
    ["23505", 409, "That already exists."],
    ["23503", 404, "Not found."],
    ["23514", 400, "The request is not valid."],
    ["22P02", 400, "The request is not valid."],
    ["22021", 400, "Text must not contain NUL characters."],
    ["22P05", 400, "Text must not contain NUL characters."],
    ["22007", 400, "That date and time is not valid."],
    ["22008", 400, "That date and time is out of range."],
    ["22012", 400, "The request is not valid."],
  ];
  for (const [code, status, message] of cases) {
    assert.deepEqual(await answerTo(postgresError(code, "relation \"secret\" leaked")), {
      status,
      retryAfter: null,
      body: { error: message, detail: message },
    }, code);
  }
});

Deno.test("a lost or refused database connection, or a statement past its time limit, is a 503 to retry, not a 500", async () => {
  const lost: { code?: string; name?: string }[] = [
    Object.assign(new Error("refused"), { code: "ECONNREFUSED" }),
    Object.assign(new Error("closed"), { code: "CONNECTION_CLOSED" }),
    postgresError("57P01", "terminating connection due to administrator command"),
    postgresError("08006", "connection failure"),
    postgresError("57014", "canceling statement due to statement timeout"),
    Object.assign(new Error("refused"), { name: "ConnectionRefused" }),
  ];
  for (const err of lost) {
    const answer = await answerTo(err);
    assert.equal(answer.status, 503, String(err.code ?? err.name));
    assert.equal(answer.retryAfter, String(retryAfterSeconds));
    assert.equal(answer.body.error, "The archive is briefly unavailable. Please try again in a moment.");
  }
});

Deno.test("anything else is a 500 that says nothing of the cause", async () => {
  const originalError = console.error;
  console.error = () => {};
  try {
    for (const err of [new Error("secret detail"), postgresError("XX000", "internal")]) {
      const answer = await answerTo(err);
      assert.equal(answer.status, 500);
      assert.equal(answer.body.error, "Something went wrong on our side. Please try again.");
    }
  } finally {
    console.error = originalError;
  }
});

Deno.test("an unknown address is a 404 in the envelope", async () => {
  const app = new Hono();
  app.notFound(notFound);
  const res = await app.request("/nowhere");
  assert.equal(res.status, 404);
  assert.deepEqual(await res.json(), { error: "Not found.", detail: "Not found." });
});

function catching(work: () => unknown): unknown {
  try {
    work();
  } catch (err) {
    return err;
  }
  throw new Error("expected a failure");
}
