/**
 * The Auth contract the project relies on, driven by the real supabase-js, so
 * it holds for the local stand-in and for a real Supabase stack alike.
 */
import { createRemoteJWKSet, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { confirmationsOn } from "./auth-settings.ts";
import { decodeProtectedHeader } from "jose";
import { anonKey, newClient, publishableKey, serviceRoleKey, supabaseUrl, uniqueEmail } from "./env.ts";
import { configuredSubject } from "./configured-mail.ts";
import { confirmByMail, latestMailTo } from "./mailpit.ts";

const password = "correct-horse-1";


/**
 * Whether the stack is the stand-in, which answers a sign-up of an existing address as slowly as of
 * a new one; GoTrue answers it sooner (no password hash, no e-mail: supabase/auth internal/api/signup.go).
 */
const signUpTimingEven = ((await (await fetch(`${supabaseUrl}/auth/v1/health`, { headers: { apikey: anonKey } })).json()) as { version?: string })
  .version === "local-stack";

/** A new account, signed in: at once, or by the link in its e-mail when confirmations are on. */
async function signedUpClient(data: Record<string, unknown> = {}) {
  const client = newClient();
  const email = uniqueEmail("auth");
  // The project's before_user_created hook refuses sign-ups without the 18+ confirmation.
  const { data: result, error } = await client.auth.signUp({ email, password, options: { data: { adult_confirmed: true, ...data } } });
  expect(error).toBeNull();
  const session = result.session ?? (await confirmByMail(client, email));
  return { client, email, session, user: session.user };
}

describe("sign-up", () => {
  // The stack runs with one setting at a time; npm test runs these tests under both.
  if (confirmationsOn) it("with confirmations on, answers with the user alone until the e-mail's link is opened", async () => {
    const client = newClient();
    const email = uniqueEmail("confirm");
    const { data, error } = await client.auth.signUp({ email, password, options: { data: { adult_confirmed: true } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email_confirmed_at ?? null).toBeNull();
    const refused = await newClient().auth.signInWithPassword({ email, password });
    expect(refused.error?.code).toBe("email_not_confirmed");
    const mail = await latestMailTo(email);
    expect(mail.Subject).toBe(configuredSubject("confirmation"));
    const session = await confirmByMail(newClient(), email);
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect((await newClient().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  if (!confirmationsOn) it("with confirmations off, confirms the user at once and returns a session", async () => {
    const email = uniqueEmail("at-once");
    const { data, error } = await newClient().auth.signUp({ email, password, options: { data: { adult_confirmed: true } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it("returns a session and keeps options.data as user_metadata", async () => {
    const { session, user, email } = await signedUpClient({ first_name: "Ada", last_name: "Lovelace", adult_confirmed: true });
    expect(session.access_token).toBeTruthy();
    expect(session.refresh_token).toBeTruthy();
    expect(session.token_type).toBe("bearer");
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.user_metadata).toMatchObject({ first_name: "Ada", last_name: "Lovelace", adult_confirmed: true });
    expect(user.app_metadata).toMatchObject({ provider: "email" });
    expect(user.identities?.[0]?.provider).toBe("email");
  });

  it("does not create a second account for a registered e-mail", async () => {
    const { email, user } = await signedUpClient();
    const { data, error } = await newClient().auth.signUp({ email, password, options: { data: { adult_confirmed: true } } });
    if (!confirmationsOn) {
      expect(error?.code).toBe("user_already_exists");
      expect(error?.status).toBe(422);
    } else {
      // With confirmations on GoTrue does not tell: a look-alike user with no identities, and no session.
      expect(error).toBeNull();
      expect(data.session).toBeNull();
      expect(data.user?.identities).toEqual([]);
      expect(data.user?.id).not.toBe(user.id);
    }
  });

  // GoTrue's answer for a confirmed address is made up (supabase/auth internal/api/signup.go, sanitizeUser).
  if (confirmationsOn) it("answers an existing confirmed address with a new user's fields and nothing of the account", async () => {
    const { email, user } = await signedUpClient();
    const fresh = await newClient().auth.signUp({ email: uniqueEmail("fresh"), password, options: { data: { adult_confirmed: true } } });
    const repeated = await newClient().auth.signUp({ email, password, options: { data: { adult_confirmed: true } } });
    expect(repeated.error).toBeNull();
    const lookAlike = repeated.data.user!;
    expect(Object.keys(lookAlike).sort()).toEqual(Object.keys(fresh.data.user!).sort());
    const answer = JSON.stringify(lookAlike);
    const accountFacts = [user.id, user.created_at, user.email_confirmed_at, user.last_sign_in_at, user.identities?.[0]?.identity_id];
    for (const fact of accountFacts.filter((value) => value !== undefined)) expect(answer).not.toContain(fact);
    expect(lookAlike.user_metadata).toEqual({ adult_confirmed: true });
    expect(lookAlike.identities).toEqual([]);
  });

  if (confirmationsOn && signUpTimingEven) it("takes as long for an existing confirmed address as for a new one", async () => {
    const { email } = await signedUpClient();
    const timedSignUp = async (address: string) => {
      const started = performance.now();
      const { error } = await newClient().auth.signUp({ email: address, password, options: { data: { adult_confirmed: true } } });
      expect(error).toBeNull();
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const existing: number[] = [];
    const fresh: number[] = [];
    for (let round = 0; round < 5; round++) {
      fresh.push(await timedSignUp(uniqueEmail("timing")));
      existing.push(await timedSignUp(email));
    }
    const ratio = median(existing) / median(fresh);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it("refuses a sign-up without the 18+ confirmation, through the before_user_created hook", async () => {
    const email = uniqueEmail("minor");
    for (const data of [{}, { adult_confirmed: false }, { adult_confirmed: "true" }]) {
      const { data: result, error } = await newClient().auth.signUp({ email, password, options: { data } });
      expect(error?.status).toBe(400);
      expect(error?.message).toBe("You must be 18 or older to create an account.");
      expect(result.user).toBeNull();
    }
    const { error } = await newClient().auth.signInWithPassword({ email, password });
    expect(error?.code).toBe("invalid_credentials");
  });

  it("refuses a short password as weak", async () => {
    const { error } = await newClient().auth.signUp({ email: uniqueEmail("weak"), password: "123" });
    expect(error?.code).toBe("weak_password");
  });
});

describe("sign-in with password", () => {
  it("returns a session and the user", async () => {
    const { email, user } = await signedUpClient({ first_name: "Grace" });
    const { data, error } = await newClient().auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.user_metadata.first_name).toBe("Grace");
    expect(data.session?.access_token).toBeTruthy();
  });

  it("answers a wrong password with GoTrue's 400 invalid_credentials", async () => {
    const { email } = await signedUpClient();
    const { data, error } = await newClient().auth.signInWithPassword({ email, password: "wrong-password" });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("invalid_credentials");
    expect(error?.message).toBe("Invalid login credentials");
  });

  it("answers an unknown e-mail the same way", async () => {
    const { error } = await newClient().auth.signInWithPassword({ email: uniqueEmail("nobody"), password });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("invalid_credentials");
  });
});

describe("access tokens", () => {
  it("verify against the JWKS and carry the claims the API relies on", async () => {
    const { session, user, email } = await signedUpClient({ first_name: "Katherine" });
    const jwks = createRemoteJWKSet(new URL(`${supabaseUrl}/auth/v1/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(session.access_token, jwks, { audience: "authenticated" });
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload.sub).toBe(user.id);
    expect(payload.aud).toBe("authenticated");
    expect(payload.role).toBe("authenticated");
    expect(payload.email).toBe(email);
    expect(payload.iss).toBe(`${supabaseUrl}/auth/v1`);
    expect(typeof payload.session_id).toBe("string");
    expect(payload.user_metadata).toMatchObject({ first_name: "Katherine" });
    expect(payload.app_metadata).toMatchObject({ provider: "email" });
    expect(payload.is_anonymous).toBe(false);
    expect(payload.exp! - payload.iat!).toBeGreaterThan(0);
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(3600);
  });
});

describe("the signed-in user", () => {
  it("getUser returns the user of the token", async () => {
    const { client, user } = await signedUpClient({ first_name: "Alan" });
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.user_metadata.first_name).toBe("Alan");
  });

  it("getUser refuses a forged token", async () => {
    const { session } = await signedUpClient();
    const [header, payload] = session.access_token.split(".");
    const { error } = await newClient().auth.getUser(`${header}.${payload}.c2lnbmF0dXJl`);
    expect(error).not.toBeNull();
    expect(error?.status).toBe(403);
  });

  it("updateUser changes metadata, password and e-mail", async () => {
    const { client, email } = await signedUpClient({ first_name: "Old", keep: "yes" });
    const renamed = await client.auth.updateUser({ data: { first_name: "New" } });
    expect(renamed.error).toBeNull();
    expect(renamed.data.user?.user_metadata).toMatchObject({ first_name: "New", keep: "yes" });

    const elsewhere = newClient();
    const other = await elsewhere.auth.signInWithPassword({ email, password });
    const newPassword = "another-secret-2";
    expect((await client.auth.updateUser({ password: newPassword, current_password: password })).error).toBeNull();
    // Other sessions end (supabase/auth internal/models/user.go, UpdatePassword); this one goes on.
    expect((await newClient().auth.refreshSession({ refresh_token: other.data.session!.refresh_token })).error).not.toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await newClient().auth.signInWithPassword({ email, password })).error?.code).toBe("invalid_credentials");
    expect((await newClient().auth.signInWithPassword({ email, password: newPassword })).error).toBeNull();

  });
});

// config.toml's require_current_password (supabase/auth internal/api/user.go,
// UserUpdate): a session signed in with the password must give it again.
describe("a new password", () => {
  async function passwordSession() {
    const { email } = await signedUpClient();
    const client = newClient();
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
    return { client, email };
  }

  it("is refused without the current password, or with a wrong one, in GoTrue's words", async () => {
    const { client, email } = await passwordSession();
    const missing = await client.auth.updateUser({ password: "another-secret-3" });
    expect(missing.error?.status).toBe(400);
    expect(missing.error?.code).toBe("current_password_required");
    const wrong = await client.auth.updateUser({ password: "another-secret-3", current_password: "not-my-password" });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe("current_password_invalid");
    expect(wrong.error?.message).toBe("Current password required when setting new password.");
    expect((await newClient().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it("is set with the right current password", async () => {
    const { client, email } = await passwordSession();
    expect((await client.auth.updateUser({ password: "another-secret-4", current_password: password })).error).toBeNull();
    expect((await newClient().auth.signInWithPassword({ email, password: "another-secret-4" })).error).toBeNull();
  });

  it("names how the session began in the access token's amr", async () => {
    const { client } = await passwordSession();
    const { data } = await client.auth.getSession();
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split(".")[1]!, "base64url").toString()) as { amr: { method: string }[] };
    expect(claims.amr.map((entry) => entry.method)).toEqual(["password"]);
  });
});

// supabase/auth internal/tokens/service.go (RefreshTokenGrant), with the
// default refresh_token_reuse_interval of 10 seconds.
describe("refresh tokens", () => {
  it("rotate: refreshSession gives new tokens for the same user", async () => {
    const { client, session, user } = await signedUpClient();
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).toBeTruthy();
    expect(data.session?.refresh_token).not.toBe(session.refresh_token);
    expect(data.user?.id).toBe(user.id);
  });

  it("the token just rotated returns the active session: a client that lost the answer stays signed in", async () => {
    const { client, session } = await signedUpClient();
    const rotated = await client.auth.refreshSession();
    const retry = await newClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(retry.error).toBeNull();
    expect(retry.data.session?.refresh_token).toBe(rotated.data.session?.refresh_token);
    expect((await newClient().auth.getUser(retry.data.session!.access_token)).error).toBeNull();
  });

  it("an older token past the reuse interval is refused as already used", async () => {
    const { client, session } = await signedUpClient();
    await client.auth.refreshSession();
    await client.auth.refreshSession();
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    const replay = await newClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(replay.error?.status).toBe(400);
    expect(replay.error?.code).toBe("refresh_token_already_used");
    expect(replay.data.session).toBeNull();
  }, 30_000);

  it("an unknown refresh token is refused", async () => {
    const { error } = await newClient().auth.refreshSession({ refresh_token: "not-a-token" });
    expect(error?.status).toBe(400);
  });
});

describe("sign-out", () => {
  it("revokes the session: its refresh token and access token no longer work", async () => {
    const { client, session } = await signedUpClient();
    expect((await client.auth.signOut()).error).toBeNull();
    const refresh = await newClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).not.toBeNull();
    const user = await newClient().auth.getUser(session.access_token);
    expect(user.error).not.toBeNull();
  });
});

describe("the gateway", () => {
  it("requires an API key on Auth endpoints", async () => {
    const response = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "a@example.com", password }),
    });
    expect(response.status).toBe(401);
  });

  it("serves settings and the JWKS without a key", async () => {
    const settings = await fetch(`${supabaseUrl}/auth/v1/settings`);
    expect(settings.status).toBe(200);
    expect((await settings.json()).external.email).toBe(true);
    const jwks = await fetch(`${supabaseUrl}/auth/v1/.well-known/jwks.json`);
    expect((await jwks.json()).keys.length).toBeGreaterThan(0);
    // supabase/auth internal/api/jwks.go
    expect(jwks.headers.get("cache-control")).toBe("public, max-age=600");
  });

  // The CLI's keys (apps/cli-go/pkg/config/apikeys.go): HS256 with the JWT secret, not in the JWKS.
  it("has HS256 anon and service keys that the JWKS does not list, and ES256 user tokens that it does", async () => {
    const jwks = (await (await fetch(`${supabaseUrl}/auth/v1/.well-known/jwks.json`)).json()) as { keys: { kid: string; alg: string }[] };
    for (const key of [anonKey, serviceRoleKey]) expect(decodeProtectedHeader(key).alg).toBe("HS256");
    expect(jwks.keys.every((k) => k.alg !== "HS256")).toBe(true);
    const { session } = await signedUpClient();
    const header = decodeProtectedHeader(session.access_token);
    expect(header.alg).toBe("ES256");
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
  });

  it("takes the publishable key as an API key", async () => {
    const client = newClient(publishableKey);
    const email = uniqueEmail("publishable");
    const { error } = await client.auth.signUp({ email, password, options: { data: { adult_confirmed: true } } });
    expect(error).toBeNull();
    const wrong = await fetch(`${supabaseUrl}/auth/v1/user`, { headers: { apikey: "sb_publishable_not-the-key" } });
    expect(wrong.status).toBe(401);
  });

  it("serves /authorize without a key: a provider that is not enabled is a 400 (internal/api/external.go)", async () => {
    for (const [provider, message] of [
      ["github", "Unsupported provider: provider is not enabled"],
      ["nonsense", "Unsupported provider: Provider nonsense could not be found"],
    ]) {
      const response = await fetch(`${supabaseUrl}/auth/v1/authorize?provider=${provider}`, { redirect: "manual" });
      expect(response.status).toBe(400);
      expect(response.headers.get("x-sb-error-code")).toBe("validation_failed");
      expect(await response.json()).toMatchObject({ error_code: "validation_failed", msg: message });
    }
  });

  it("names the error code in x-sb-error-code (internal/api/errors.go)", async () => {
    const { error } = await newClient().auth.signInWithPassword({ email: uniqueEmail("nobody"), password });
    expect(error?.code).toBe("invalid_credentials");
    const response = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: anonKey, "content-type": "application/json", "x-forwarded-for": "192.0.2.77" },
      body: JSON.stringify({ email: uniqueEmail("nobody"), password }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-sb-error-code")).toBe("invalid_credentials");
  });

  it("answers CORS preflights for the headers supabase-js sends", async () => {
    const response = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
      method: "OPTIONS",
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,apikey,content-type,x-client-info,x-supabase-api-version",
        apikey: anonKey,
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get("access-control-allow-origin")).toBeTruthy();
    const allowed = (response.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    for (const header of ["authorization", "apikey", "content-type", "x-client-info"]) expect(allowed).toContain(header);
  });
});

/** An address no other test (or earlier run against this stack) used. */
const oneAddress = () => `10.${Array.from({ length: 3 }, () => Math.floor(Math.random() * 256)).join(".")}`;

// Hosted projects and the stand-in apply them; `supabase start` sets no
// rate-limit header and applies none: run these with AUTH_RATE_LIMITS=off there.
const rateLimitsApply = process.env.AUTH_RATE_LIMITS !== "off";

describe.runIf(rateLimitsApply)("rate limits ([auth.rate_limit] in supabase/config.toml, per client address)", () => {
  it("answers 429 over_request_rate_limit after 30 sign-ups from one address in a burst", async () => {
    const address = oneAddress();
    const attempts = await Promise.all(Array.from({ length: 35 }, () =>
      newClient(anonKey, address).auth.signUp({ email: uniqueEmail("burst"), password, options: { data: { adult_confirmed: true } } })));
    const limited = attempts.filter((a) => a.error?.status === 429);
    const created = attempts.filter((a) => !a.error).length;
    expect(created + limited.length).toBe(35);
    // 30 at once, and one more per 10 s while they are handled.
    expect(created).toBeGreaterThanOrEqual(30);
    expect(limited.length).toBeGreaterThanOrEqual(4);
    expect(limited[0]!.error?.code).toBe("over_request_rate_limit");
    expect(limited[0]!.error?.message).toBe("Request rate limit reached");
    // Another address is not affected.
    const { error } = await newClient().auth.signUp({ email: uniqueEmail("other"), password, options: { data: { adult_confirmed: true } } });
    expect(error).toBeNull();
  });

  it("limits wrong passwords from one address: no more than 30 tries in a burst", async () => {
    const { email } = await signedUpClient();
    const address = oneAddress();
    const tries = await Promise.all(Array.from({ length: 40 }, () =>
      newClient(anonKey, address).auth.signInWithPassword({ email, password: "wrong-password" })));
    // The bucket refills at 150 per 5 minutes while the 40 are checked (bcrypt takes seconds), so a few more may pass.
    const wrong = tries.filter((t) => t.error?.code === "invalid_credentials").length;
    const limited = tries.filter((t) => t.error?.status === 429).length;
    expect(wrong + limited).toBe(40);
    expect(wrong).toBeGreaterThanOrEqual(30);
    expect(limited).toBeGreaterThanOrEqual(5);
  });
});
