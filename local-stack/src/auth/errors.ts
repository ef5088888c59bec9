/**
 * GoTrue's error responses. auth-js reads the error code from `code` when the
 * response declares API version 2024-01-01 or later (the header it sends on
 * every request), and from `error_code` otherwise, so both shapes are served.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { sendJson } from "../http.ts";

export const apiVersionHeader = "X-Supabase-Api-Version";
export const currentApiVersion = "2024-01-01";

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const errors = {
  invalidCredentials: () => new AuthError(400, "invalid_credentials", "Invalid login credentials"),
  userAlreadyExists: () => new AuthError(422, "user_already_exists", "User already registered"),
  emailExists: () => new AuthError(422, "email_exists", "A user with this email address has already been registered"),
  invalidEmail: () => new AuthError(400, "validation_failed", "Unable to validate email address: invalid format"),
  samePassword: () => new AuthError(422, "same_password", "New password should be different from the old password."),
  // GoTrue gives both the same message (internal/api/user.go, UserUpdate).
  currentPasswordRequired: () => new AuthError(400, "current_password_required", "Current password required when setting new password."),
  currentPasswordMismatch: () => new AuthError(400, "current_password_invalid", "Current password required when setting new password."),
  validation: (message: string) => new AuthError(400, "validation_failed", message),
  badJson: () => new AuthError(400, "bad_json", "Could not parse request body as JSON"),
  noAuthorization: () => new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token"),
  badJwt: (why: string) => new AuthError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${why}`),
  sessionNotFound: () => new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist"),
  userNotFound: () => new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist"),
  userBanned: () => new AuthError(400, "user_banned", "User is banned"),
  refreshTokenNotFound: () => new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"),
  refreshTokenAlreadyUsed: () => new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"),
  unsupportedGrant: (grant: string) =>
    new AuthError(400, "unsupported_grant_type", `unsupported_grant_type: ${grant || "(none)"} is not supported here`),
  notFound: (path: string) => new AuthError(404, "not_found", `${path} is not part of the local Auth stand-in`),
  methodNotAllowed: () => new AuthError(405, "method_not_allowed", "Method not allowed"),
  emailNotConfirmed: () => new AuthError(400, "email_not_confirmed", "Email not confirmed"),
  otpSignupsDisabled: () => new AuthError(422, "otp_disabled", "Signups not allowed for otp"),
  adminUserNotFound: () => new AuthError(404, "user_not_found", "User not found"),
  notAdmin: () => new AuthError(403, "not_admin", "User not allowed"),
  /** A clear refusal of what GoTrue offers and the stand-in does not (README: known differences). */
  notServed: (what: string) => new AuthError(400, "validation_failed", `The local Auth stand-in does not serve ${what}`),
  unsupportedProvider: (why: string) => new AuthError(400, "validation_failed", `Unsupported provider: ${why}`),
};

/** True when the client asked for the error shape of API version 2024-01-01 or later. */
function wantsCurrentShape(req: IncomingMessage): boolean {
  const requested = req.headers[apiVersionHeader.toLowerCase()];
  return typeof requested === "string" && /^\d{4}-\d{2}-\d{2}$/.test(requested) && requested >= currentApiVersion;
}

/** GoTrue names the error code in a header too, whatever the body's shape (internal/api/errors.go). */
const errorCodeHeader = "x-sb-error-code";

export function sendAuthError(req: IncomingMessage, res: ServerResponse, error: AuthError): void {
  if (wantsCurrentShape(req)) {
    sendJson(res, error.status, { code: error.code, message: error.message, ...error.extra }, {
      [apiVersionHeader]: currentApiVersion,
      [errorCodeHeader]: error.code,
    });
  } else {
    sendJson(res, error.status, { code: error.status, error_code: error.code, msg: error.message, ...error.extra }, { [errorCodeHeader]: error.code });
  }
}
