import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Throws the error every handler uses: it becomes `{ error, detail }` in onError. */
export function fail(status: ContentfulStatusCode, message: string): never {
  throw new HTTPException(status, { message });
}

interface PostgresLikeError {
  code?: string;
  message?: string;
  severity?: string;
}

function isPostgresError(err: unknown): err is PostgresLikeError {
  return typeof err === "object" && err !== null && "severity" in err && "code" in err;
}

// SQLSTATE PTxxx is PostgREST's convention for "answer with HTTP xxx"; the
// database raises them with a message meant for people, so it is passed on.
// Other codes are the client's fault only in the cases listed here.
const sqlStateStatus: Record<string, ContentfulStatusCode> = {
  "P0001": 400, // raise_exception without a code: a rule in our own SQL
  "42501": 403, // insufficient_privilege, including row-level security
  "23514": 400, // check_violation
  "23502": 400, // not_null_violation
  "23505": 409, // unique_violation
  "23503": 404, // foreign_key_violation: the thing referred to is gone
  "22P02": 400, // invalid_text_representation
  "22001": 400, // string_data_right_truncation
  "22007": 400, // invalid_datetime_format
  "22008": 400, // datetime_field_overflow
  "22003": 400, // numeric_value_out_of_range
  "22023": 400, // invalid_parameter_value
};

const genericMessages: Partial<Record<ContentfulStatusCode, string>> = {
  400: "The request is not valid.",
  403: "You are not allowed to do that.",
  404: "Not found.",
  409: "That already exists.",
};

// Class 22 (data exception) is always a value the client sent that Postgres
// cannot hold: a NUL character (22021 in text, 22P05 in jsonb), a date out of
// range (22008, 22009), and so on. Those are 400s with a message that says
// what to fix, never 500s.
const dataExceptionMessages: Record<string, string> = {
  "22021": "Text must not contain NUL characters.",
  "22P05": "Text must not contain NUL characters.",
  "22007": "That date and time is not valid.",
  "22008": "That date and time is out of range.",
  "22009": "That date and time is out of range.",
};

function statusOfPostgresError(err: PostgresLikeError): ContentfulStatusCode | undefined {
  const code = err.code ?? "";
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2)) as ContentfulStatusCode;
  return sqlStateStatus[code] ?? (code.startsWith("22") ? 400 : undefined);
}

// While Postgres restarts (or fails over) the request could not be served but
// nothing was acknowledged: 503 with Retry-After, never 500, so clients know a
// retry is safe and monitoring does not count our own bug.
// postgres.js reports a dropped or refused connection by these codes; Postgres
// itself by class 08 (connection exception) and 57P01-57P03 (shutting down,
// starting up). A statement cancelled by its timeout (57014, see
// db/lanes.ts) is the same to the client: nothing was done, and a retry
// once the database is less busy is safe.
const connectionErrorCodes = new Set([
  "ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT",
  "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT",
]);
const unavailableMessage = "The archive is briefly unavailable. Please try again in a moment.";
export const retryAfterSeconds = 2;

function databaseUnavailable(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { code, name } = err as { code?: unknown; name?: unknown };
  if (typeof code === "string" && (connectionErrorCodes.has(code) || code.startsWith("08") || /^57(014|P0[123])$/.test(code))) return true;
  // Deno reports a refused socket as its own error class.
  return name === "ConnectionRefused" || name === "ConnectionReset" || name === "BrokenPipe";
}

function envelope(c: Context, status: ContentfulStatusCode, message: string) {
  return c.json({ error: message, detail: message }, status);
}

export function handleError(err: unknown, c: Context) {
  if (err instanceof HTTPException) {
    return envelope(c, err.status as ContentfulStatusCode, err.message || "Request failed.");
  }
  if (isPostgresError(err)) {
    const status = statusOfPostgresError(err);
    if (status) {
      // PTxxx and plain `raise exception` (P0001) come from our own SQL with
      // a message written for people; anything else gets a generic text.
      const custom = err.code?.startsWith("PT") || err.code === "P0001";
      const message = custom && err.message
        ? err.message
        : dataExceptionMessages[err.code ?? ""] ?? genericMessages[status] ?? "Request failed.";
      return envelope(c, status, message);
    }
  }
  if (databaseUnavailable(err)) {
    c.header("Retry-After", String(retryAfterSeconds));
    return envelope(c, 503, unavailableMessage);
  }
  console.error(err);
  return envelope(c, 500, "Something went wrong on our side. Please try again.");
}

export function notFound(c: Context) {
  return envelope(c, 404, "Not found.");
}
