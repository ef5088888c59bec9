/**
 * `/auth/v1/*`: the part of GoTrue's HTTP API that supabase-js uses for
 * e-mail + password accounts, following `[auth]` of supabase/config.toml:
 * with `enable_confirmations` a sign-up waits for its e-mail link.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { siteUrl } from "../config.ts";
import { authSettings } from "../project-config.ts";
import { bearerToken, BodyTooLargeError, readJson, sendJson, corsHeaders } from "../http.ts";
import { adminUsers, assertAdmin } from "./admin.ts";
import type { AuthContext } from "./context.ts";
import {
  redirectTarget, requestEmailChange, sendTokenMail, singleConfirmationAccepted, verifyToken, type VerifyType,
} from "./email-flows.ts";
import { assertStrongPassword, validateEmail } from "./credentials.ts";
import { apiVersionHeader, AuthError, currentApiVersion, errors, sendAuthError } from "./errors.ts";
import { generateLink } from "./generate-link.ts";
import { invite } from "./invite.ts";
import { enforceRateLimit } from "./rate-limits.ts";
import { assertReauthenticated, sendReauthentication } from "./reauthenticate.ts";
import { assertNotBanned, endSessions, isOneTimeLinkSession, refreshSession, sessionStartedAt, startSession } from "./sessions.ts";
import { signUp } from "./signup.ts";
import { createUser, findUserByEmail, findUserById, passwordMatches, updateUserRow, userJson, type UserRow } from "./users.ts";

/** Routes Supabase's gateway serves without an API key (the CLI's Kong template: /authorize and /callback are open for OAuth redirects). */
const openRoutes = new Set(["/.well-known/jwks.json", "/settings", "/health", "/authorize", "/callback", "/verify"]);

/** The address a user-facing route was given, checked as GoTrue checks it (surrounding spaces forgiven). */
function normalisedEmail(value: unknown): string {
  return validateEmail(typeof value === "string" ? value.trim() : value);
}

function checkedPassword(value: unknown): string {
  if (typeof value !== "string" || value.length === 0) throw errors.validation("Password is required");
  assertStrongPassword(value);
  return value;
}

function objectOrEmpty(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    return await readJson(req);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new AuthError(413, "request_too_large", "Request body too large");
    throw errors.badJson();
  }
}

/** The claims of a user's access token whose session still exists: what GoTrue requires of /user and /logout. */
async function requireUserToken(ctx: AuthContext, req: IncomingMessage) {
  const token = bearerToken(req);
  if (!token) throw errors.noAuthorization();
  let claims;
  try {
    claims = await ctx.keys.verify(token);
  } catch (error) {
    throw errors.badJwt(error instanceof Error ? error.message : "invalid token");
  }
  if (typeof claims.sub !== "string" || !claims.sub) throw errors.badJwt("invalid claim: missing sub claim");
  const sessionId = typeof claims.session_id === "string" ? claims.session_id : undefined;
  const sessionStarted = sessionId ? await sessionStartedAt(ctx.sql, sessionId) : undefined;
  if (!sessionId || !sessionStarted) throw errors.sessionNotFound();
  const user = await findUserById(ctx.sql, claims.sub);
  if (!user) throw errors.userNotFound();
  // A token issued before a ban is refused too (internal/api/auth.go, requireAuthentication).
  if (user.banned_until && user.banned_until.getTime() > Date.now()) throw new AuthError(403, "user_banned", "User is banned");
  return { user, sessionId, sessionStarted };
}

/**
 * With `require_current_password`, a new password needs the current one,
 * unless the account has none or the session began with an e-mail link or
 * code (supabase/auth internal/api/user.go, UserUpdate).
 */
async function assertCurrentPassword(ctx: AuthContext, user: UserRow, sessionId: string, current: unknown): Promise<void> {
  if (!authSettings().email.require_current_password || !user.encrypted_password) return;
  if (await isOneTimeLinkSession(ctx.sql, sessionId)) return;
  if (typeof current !== "string" || current === "") throw errors.currentPasswordRequired();
  if (!(await passwordMatches(user, current))) throw errors.currentPasswordMismatch();
}

function assertApiKey(ctx: AuthContext, req: IncomingMessage, url: URL): AuthError | undefined {
  const key = req.headers.apikey ?? url.searchParams.get("apikey");
  if (!key) return new AuthError(401, "no_api_key", "No API key found in request");
  if (typeof key !== "string" || !(ctx.keys.isAnonymousKey(key) || ctx.keys.isServiceKey(key))) {
    return new AuthError(401, "invalid_api_key", "Invalid API key");
  }
  return undefined;
}

const settings = () => ({
  external: { email: true, phone: false, anonymous_users: false },
  disable_signup: !authSettings().enable_signup,
  mailer_autoconfirm: !authSettings().email.enable_confirmations,
  phone_autoconfirm: false,
  sms_provider: "",
  saml_enabled: false,
  anonymous_users: false,
  site_url: siteUrl,
});

// The providers GoTrue knows (supabase/auth internal/api/external.go, Provider).
const knownProviders = new Set([
  "apple", "azure", "bitbucket", "discord", "facebook", "figma", "fly", "github", "gitlab", "google", "kakao", "keycloak",
  "linkedin", "linkedin_oidc", "notion", "slack", "slack_oidc", "snapchat", "spotify", "twitch", "twitter", "workos", "zoom",
]);

/**
 * GET /authorize: the start of an OAuth sign-in. This project enables no
 * provider in config.toml, so GoTrue answers 400 for every one: "provider is
 * not enabled" for a provider it knows, "could not be found" for any other.
 */
function authorize(url: URL): never {
  const provider = (url.searchParams.get("provider") ?? "").toLowerCase();
  throw errors.unsupportedProvider(knownProviders.has(provider) ? "provider is not enabled" : `Provider ${provider} could not be found`);
}

function verifyType(value: unknown): VerifyType {
  if (["signup", "invite", "recovery", "magiclink", "email", "email_change"].includes(value as string)) return value as VerifyType;
  throw errors.validation("Verify requires a verification type");
}

/**
 * GET /verify, the link in an e-mail: 303 to `redirect_to` with the session in
 * the URL fragment (the implicit flow supabase-js reads), or with the error
 * there when the link is used up or expired (supabase/auth internal/api/verify.go).
 */
async function verifyLink(ctx: AuthContext, res: ServerResponse, url: URL): Promise<void> {
  const redirect = redirectTarget(url.searchParams.get("redirect_to"));
  const seeOther = (fragment: URLSearchParams) => {
    res.writeHead(303, { Location: `${redirect}#${fragment.toString()}` });
    res.end();
  };
  try {
    const type = verifyType(url.searchParams.get("type"));
    const { user, waitingForOtherLink } = await verifyToken(ctx.sql, type, { tokenHash: url.searchParams.get("token") ?? "" });
    if (waitingForOtherLink) return seeOther(new URLSearchParams({ message: singleConfirmationAccepted }));
    assertNotBanned(user);
    const session = await ctx.sql.begin((tx) => startSession(tx, ctx.keys, user, "otp"));
    seeOther(new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: "bearer",
      type,
    }));
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    seeOther(new URLSearchParams({
      error: "access_denied",
      error_code: error.code,
      error_description: error.code === "otp_expired" ? "Email link is invalid or has expired" : error.message,
    }));
  }
}

async function route(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
  const method = req.method ?? "GET";
  const json = (status: number, data: unknown) => sendJson(res, status, data, { [apiVersionHeader]: currentApiVersion });

  if (path === "/.well-known/jwks.json" && method === "GET") {
    // As GoTrue: clients may cache the keys for 10 minutes (internal/api/jwks.go).
    return sendJson(res, 200, ctx.keys.jwks, { [apiVersionHeader]: currentApiVersion, "Cache-Control": "public, max-age=600" });
  }
  if (path === "/authorize" && method === "GET") authorize(url);
  if (path === "/settings" && method === "GET") return json(200, settings());
  if (path === "/health" && method === "GET") return json(200, { version: "local-stack", name: "GoTrue", description: "Docker-free stand-in" });

  if (path === "/signup" && method === "POST") {
    const input = await body(req);
    const email = normalisedEmail(input.email);
    const password = checkedPassword(input.password);
    const redirect = redirectTarget(url.searchParams.get("redirect_to"));
    return json(200, await signUp(ctx, { email, password, data: objectOrEmpty(input.data), redirect }));
  }

  if (path === "/token" && method === "POST") {
    const grant = url.searchParams.get("grant_type") ?? "";
    const input = await body(req);
    if (grant === "password") {
      if (typeof input.email !== "string" || typeof input.password !== "string") throw errors.invalidCredentials();
      const user = await findUserByEmail(ctx.sql, input.email.trim().toLowerCase());
      if (!user || !(await passwordMatches(user, input.password))) throw errors.invalidCredentials();
      assertNotBanned(user);
      if (!user.email_confirmed_at) throw errors.emailNotConfirmed();
      return json(200, await ctx.sql.begin((tx) => startSession(tx, ctx.keys, user, "password")));
    }
    if (grant === "refresh_token") {
      if (typeof input.refresh_token !== "string" || !input.refresh_token) throw errors.refreshTokenNotFound();
      return json(200, await refreshSession(ctx.sql, ctx.keys, input.refresh_token));
    }
    throw errors.unsupportedGrant(grant);
  }

  if (path === "/recover" && method === "POST") {
    const input = await body(req);
    const email = normalisedEmail(input.email);
    const user = await findUserByEmail(ctx.sql, email);
    // The same answer whether or not the address has an account.
    if (user) await sendTokenMail(ctx.sql, user, "recovery", redirectTarget(url.searchParams.get("redirect_to")));
    return json(200, {});
  }

  if (path === "/otp" && method === "POST") {
    const input = await body(req);
    const email = normalisedEmail(input.email);
    const redirect = redirectTarget(url.searchParams.get("redirect_to"));
    await ctx.sql.begin(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (user) return sendTokenMail(tx, user, "magiclink", redirect);
      if (input.create_user === false || !authSettings().enable_signup) throw errors.otpSignupsDisabled();
      const created = await createUser(tx, { email, password: null, data: objectOrEmpty(input.data), confirmed: false, identityInMetadata: true });
      return sendTokenMail(tx, created, "signup", redirect);
    });
    return json(200, {});
  }

  if (path === "/resend" && method === "POST") {
    const input = await body(req);
    if (input.type !== "signup") throw errors.validation("Only signup confirmations can be resent here");
    const user = await findUserByEmail(ctx.sql, normalisedEmail(input.email));
    if (user && !user.email_confirmed_at) await sendTokenMail(ctx.sql, user, "signup", redirectTarget(url.searchParams.get("redirect_to")));
    return json(200, {});
  }

  if (path === "/verify" && method === "GET") return verifyLink(ctx, res, url);

  if (path === "/verify" && method === "POST") {
    const input = await body(req);
    const type = verifyType(input.type);
    const proof = typeof input.token_hash === "string"
      ? { tokenHash: input.token_hash }
      : typeof input.email === "string" && typeof input.token === "string"
        ? { email: input.email, token: input.token }
        : undefined;
    if (!proof) throw errors.validation("Verify requires either a token_hash, or an email and a token");
    const { user, waitingForOtherLink } = await verifyToken(ctx.sql, type, proof);
    if (waitingForOtherLink) return json(200, { msg: singleConfirmationAccepted, code: 200 });
    assertNotBanned(user);
    return json(200, await ctx.sql.begin((tx) => startSession(tx, ctx.keys, user, "otp")));
  }

  if (path.startsWith("/admin/users")) return adminUsers(ctx, req, res, path, url, () => body(req));

  if (path === "/admin/generate_link" && method === "POST") {
    await assertAdmin(ctx, req);
    return json(200, await generateLink(ctx, await body(req), url.searchParams.get("redirect_to")));
  }

  if (path === "/invite" && method === "POST") {
    await assertAdmin(ctx, req);
    return json(200, await invite(ctx, await body(req), url.searchParams.get("redirect_to")));
  }

  if (path === "/reauthenticate" && method === "GET") {
    const { user } = await requireUserToken(ctx, req);
    await sendReauthentication(ctx.sql, user);
    return json(200, {});
  }

  if (path === "/user" && method === "GET") {
    const { user } = await requireUserToken(ctx, req);
    return json(200, await userJson(ctx.sql, user));
  }

  if (path === "/user" && method === "PUT") {
    const { user, sessionId, sessionStarted } = await requireUserToken(ctx, req);
    const input = await body(req);
    const changes: { password?: string; data?: Record<string, unknown> } = {};
    if (input.data !== undefined) changes.data = objectOrEmpty(input.data);
    if (input.password !== undefined) {
      await assertReauthenticated(ctx.sql, user, sessionStarted, input.nonce);
      changes.password = checkedPassword(input.password);
      await assertCurrentPassword(ctx, user, sessionId, input.current_password);
      if (await passwordMatches(user, changes.password)) throw errors.samePassword();
    }
    let newEmail: string | undefined;
    if (input.email !== undefined) {
      const email = normalisedEmail(input.email);
      if (email !== user.email) {
        const other = await findUserByEmail(ctx.sql, email);
        if (other && other.id !== user.id) throw errors.emailExists();
        newEmail = email;
      }
    }
    const updated = await ctx.sql.begin(async (tx) => {
      let row = await updateUserRow(tx, user, changes);
      // A new password ends every other session (supabase/auth internal/models/user.go, UpdatePassword).
      if (changes.password) await endSessions(tx, user.id, sessionId, "others");
      // A new address waits for its confirmation link(s), whatever enable_confirmations says (internal/api/user.go).
      if (newEmail) {
        await requestEmailChange(tx, row, newEmail, redirectTarget(url.searchParams.get("redirect_to")));
        row = (await findUserById(tx, user.id))!;
      }
      return row;
    });
    return json(200, await userJson(ctx.sql, updated));
  }

  if (path === "/logout" && method === "POST") {
    const { user, sessionId } = await requireUserToken(ctx, req);
    await endSessions(ctx.sql, user.id, sessionId, url.searchParams.get("scope") ?? "global");
    res.writeHead(204, { ...corsHeaders, [apiVersionHeader]: currentApiVersion });
    return void res.end();
  }

  if (["/signup", "/token", "/user", "/logout"].includes(path)) throw errors.methodNotAllowed();
  throw errors.notFound(path);
}

/** Handles a request whose path starts with /auth/v1; `path` is the rest (e.g. `/token`). */
export async function handleAuth(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
  try {
    if (!openRoutes.has(path)) {
      const keyError = assertApiKey(ctx, req, url);
      if (keyError) {
        // The gateway, not GoTrue, answers this one, in Kong's shape.
        return sendJson(res, keyError.status, { message: keyError.message });
      }
    }
    enforceRateLimit(req, path);
    await route(ctx, req, res, path, url);
  } catch (error) {
    if (error instanceof AuthError) return sendAuthError(req, res, error);
    throw error;
  }
}
