/**
 * GoTrue's per-client request limits (supabase/auth internal/api/apilimiter):
 * token buckets keyed by the client's address, refilled at `[auth.rate_limit]`
 * value / 5 minutes, holding at most 30 requests. Hosted projects apply them
 * to every client; `supabase start` sets no rate-limit header, so GoTrue there
 * applies none. The stand-in follows hosted, which is what the product meets.
 *
 *   /token (password and refresh_token grants)  token_refresh      (150)
 *   /signup, /recover, /resend, /otp, PUT /user sign_in_sign_ups   (30)
 *   /verify                                     token_verifications (30)
 */
import type { IncomingMessage } from "node:http";
import { authRateLimits } from "../project-config.ts";
import { AuthError } from "./errors.ts";

const burst = 30;
const period = 5 * 60 * 1000;

type Limiter = "token" | "otp" | "verify";

const buckets = new Map<string, { tokens: number; at: number }>();

function limiterFor(path: string, method: string): Limiter | undefined {
  if (path === "/token") return "token";
  if (path === "/verify") return "verify";
  if (["/signup", "/recover", "/resend", "/otp", "/magiclink"].includes(path) && method === "POST") return "otp";
  if (path === "/user" && method === "PUT") return "otp";
  return undefined;
}

function perPeriod(limiter: Limiter): number {
  const limits = authRateLimits();
  if (limiter === "token") return limits.token_refresh;
  if (limiter === "verify") return limits.token_verifications;
  return limits.sign_in_sign_ups;
}

/**
 * The client's address. Hosted Supabase takes it from its own edge; the
 * stand-in takes the first X-Forwarded-For value when one is given (the tests
 * act as many people, each a client of its own), else the socket's address.
 */
function clientKey(req: IncomingMessage): string {
  const forwarded = req.headers["x-forwarded-for"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return first || req.socket.remoteAddress || "unknown";
}

/** Throws GoTrue's 429 when the client has used up its requests to this kind of route. */
export function enforceRateLimit(req: IncomingMessage, path: string): void {
  const limiter = limiterFor(path, req.method ?? "GET");
  if (!limiter) return;
  const key = `${limiter}:${clientKey(req)}`;
  const now = Date.now();
  const rate = perPeriod(limiter) / period;
  const bucket = buckets.get(key) ?? { tokens: burst, at: now };
  bucket.tokens = Math.min(burst, bucket.tokens + (now - bucket.at) * rate);
  bucket.at = now;
  buckets.set(key, bucket);
  if (bucket.tokens < 1) throw new AuthError(429, "over_request_rate_limit", "Request rate limit reached");
  bucket.tokens -= 1;
}
