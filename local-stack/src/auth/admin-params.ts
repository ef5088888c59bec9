/**
 * The admin API's request fields as GoTrue decodes them into Go structs
 * (supabase/auth internal/api/admin.go, AdminUserParams; mail.go,
 * GenerateLinkParams): a field of the wrong JSON type is 400 bad_json, null
 * or absent is Go's zero value.
 */
import { errors } from "./errors.ts";
import { GoDurationError, parseGoDuration } from "./go-duration.ts";

export type Params = Record<string, unknown>;

/** A string field; "" when absent or null. */
export function stringParam(input: Params, name: string): string {
  const value = input[name];
  if (value === undefined || value === null) return "";
  if (typeof value !== "string") throw errors.badJson();
  return value;
}

/** A string field that may be absent (Go's *string: "" is a value). */
export function optionalStringParam(input: Params, name: string): string | undefined {
  return input[name] === undefined || input[name] === null ? undefined : stringParam(input, name);
}

export function booleanParam(input: Params, name: string): boolean {
  const value = input[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") throw errors.badJson();
  return value;
}

/** An object field (Go's map); undefined when absent or null, so nothing changes. */
export function objectParam(input: Params, name: string): Record<string, unknown> | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "object" || Array.isArray(value)) throw errors.badJson();
  return value as Record<string, unknown>;
}

/**
 * `ban_duration`: "none" (or a zero duration) lifts a ban, a Go duration bans
 * from now for that long; undefined when not given (admin.go, User.Ban).
 */
export function bannedUntil(input: Params): Date | null | undefined {
  const duration = stringParam(input, "ban_duration");
  if (duration === "") return undefined;
  if (duration === "none") return null;
  try {
    const milliseconds = parseGoDuration(duration);
    return milliseconds === 0 ? null : new Date(Date.now() + milliseconds);
  } catch (error) {
    if (error instanceof GoDurationError) throw errors.validation(`invalid format for ban duration: ${error.message}`);
    throw error;
  }
}
