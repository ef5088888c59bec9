/**
 * GoTrue's checks of the credentials a request names. An e-mail address
 * (supabase/auth internal/api/mail.go, validateEmail): present, at most 255 characters, the format of
 * github.com/badoux/checkmail's ValidateFormat (HTML's valid e-mail address,
 * so `x@localhost` passes and `xx:;x@x.x` does not), then lower-cased.
 */
import { authSettings } from "../project-config.ts";
import { AuthError, errors } from "./errors.ts";

const checkmailFormat =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The address GoTrue keeps for `value`, or the 400 validation_failed it answers. */
export function validateEmail(value: unknown): string {
  if (value === undefined || value === null || value === "") throw errors.validation("An email address is required");
  if (typeof value !== "string") throw errors.badJson();
  if (value.length > 255) throw errors.validation("An email address is too long");
  if (!checkmailFormat.test(value)) throw errors.invalidEmail();
  return value.toLowerCase();
}

/** GoTrue's checkPasswordStrength (internal/api/password.go): `minimum_password_length` characters at least, else 422 weak_password. */
export function assertStrongPassword(password: string): void {
  const minimum = authSettings().minimum_password_length;
  if (password.length < minimum) {
    throw new AuthError(422, "weak_password", `Password should be at least ${minimum} characters.`, { weak_password: { reasons: ["length"] } });
  }
}
