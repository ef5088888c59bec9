/**
 * Auth's admin API (service role) and reauthentication, as GoTrue answers
 * them, driven over HTTP by supabase-js and fetch so the same tests hold for
 * the stand-in and `supabase start`. Sources: supabase/auth
 * internal/api/admin.go, invite.go, mail.go (adminGenerateLink,
 * validateEmail), reauthenticate.go, user.go, pagination.go.
 */
import { describe, expect, it } from "vitest";
import { confirmationsOn } from "./auth-settings.ts";
import { configuredSubject } from "./configured-mail.ts";
import { newClient, serviceRoleKey, siteUrl, supabaseUrl, uniqueEmail } from "./env.ts";
import { codeIn, latestMailTo, mailCount, verifyLinkIn } from "./mailpit.ts";

const password = "correct-horse-1";
const admin = () => newClient(serviceRoleKey).auth.admin;
const invalidFormat = "Unable to validate email address: invalid format";

let clientAddresses = 0;
/** Follows a /verify link as a browser would, from an address of its own (Auth limits verifications per client). */
async function open(link: string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: "manual", headers: { "x-forwarded-for": `198.19.7.${clientAddresses++ % 250}` } });
  const location = new URL(response.headers.get("location") ?? "about:blank");
  return { status: response.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

/** A raw request to Auth with the service role key, for what supabase-js does not show (headers, ids it refuses to send). */
function adminFetch(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${supabaseUrl}/auth/v1${path}`, {
    ...init,
    headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, "content-type": "application/json", ...init.headers },
  });
}

/** generateLink's answer, which must succeed. */
async function generated(params: Parameters<ReturnType<typeof admin>["generateLink"]>[0]) {
  const { data, error } = await admin().generateLink(params);
  expect(error).toBeNull();
  return { user: data.user!, properties: data.properties! };
}

/** A confirmed account made by the admin API, and its id. */
async function confirmedUser(label: string, metadata: Record<string, unknown> = {}) {
  const email = uniqueEmail(label);
  const { data, error } = await admin().createUser({ email, password, email_confirm: true, user_metadata: metadata });
  expect(error).toBeNull();
  return { email, id: data.user!.id };
}

describe("createUser (POST /admin/users)", () => {
  it("stores the given metadata alone; the identity names the user and address; a confirmed user's metadata says so", async () => {
    const email = uniqueEmail("created");
    const plain = await admin().createUser({ email, password, user_metadata: { first_name: "Ada" } });
    expect(plain.error).toBeNull();
    const user = plain.data.user!;
    expect(user.user_metadata).toEqual({ first_name: "Ada" });
    expect(user.app_metadata).toEqual({ provider: "email", providers: ["email"] });
    expect(user.email_confirmed_at ?? null).toBeNull();
    expect(user.identities?.[0]?.identity_data).toEqual({ sub: user.id, email, email_verified: false, phone_verified: false });

    const confirmed = await admin().createUser({
      email: uniqueEmail("created-confirmed"), password, email_confirm: true,
      user_metadata: { first_name: "Bo" }, app_metadata: { plan: "staff" },
    });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.user_metadata).toEqual({ first_name: "Bo", email_verified: true });
    expect(confirmed.data.user?.app_metadata).toEqual({ provider: "email", providers: ["email"], plan: "staff" });
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();
  });

  it("refuses an address GoTrue cannot validate, a missing one and a taken one", async () => {
    const invalid = await admin().createUser({ email: "xx:;x@x.x", password });
    expect(invalid.error?.status).toBe(400);
    expect(invalid.error?.code).toBe("validation_failed");
    expect(invalid.error?.message).toBe(invalidFormat);
    expect(invalid.data.user).toBeNull();

    const missing = await admin().createUser({ password });
    expect(missing.error?.status).toBe(400);
    expect(missing.error?.message).toBe("Cannot create a user without either an email or phone");

    const { email } = await confirmedUser("taken");
    const taken = await admin().createUser({ email, password });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe("email_exists");
  });
});

describe("listUsers (GET /admin/users)", () => {
  it("pages as asked and names the next and last pages and the total", async () => {
    await confirmedUser("listed-1");
    await confirmedUser("listed-2");
    const { data, error } = await admin().listUsers({ page: 1, perPage: 1 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(1);
    expect("total" in data && data.total).toBeGreaterThanOrEqual(2);
    expect(data).toMatchObject({ nextPage: 2 });

    const response = await adminFetch("/admin/users?page=2&per_page=1");
    expect(response.status).toBe(200);
    const total = Number(response.headers.get("x-total-count"));
    expect(response.headers.get("link")).toBe(
      `</admin/users?page=3&per_page=1>; rel="next", </admin/users?page=${total}&per_page=1>; rel="last"`,
    );
  });

  it("refuses a page or page size that is not a whole number", async () => {
    const { data, error } = await admin().listUsers({ page: -1, perPage: 10 });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("validation_failed");
    expect(data.users).toEqual([]);

    const body = (await (await adminFetch("/admin/users?per_page=ten")).json()) as { msg?: string; message?: string };
    expect(body.msg ?? body.message).toBe('Bad Pagination Parameters: strconv.ParseUint: parsing "ten": invalid syntax');
  });
});

describe("getUserById and updateUserById (GET and PUT /admin/users/{id})", () => {
  it("answers 404 for an id that is no UUID and for no such user", async () => {
    const notUuid = await adminFetch("/admin/users/not-a-uuid", { method: "PUT", body: JSON.stringify({ email: "x@example.com" }) });
    expect(notUuid.status).toBe(404);
    expect(notUuid.headers.get("x-sb-error-code")).toBe("validation_failed");
    const unknown = await admin().updateUserById("00000000-0000-4000-8000-000000000000", { email: uniqueEmail("nobody") });
    expect(unknown.error?.status).toBe(404);
    expect(unknown.error?.code).toBe("user_not_found");
    expect(unknown.data.user).toBeNull();
  });

  it("changes the address at once, sending nothing, and merges both metadata maps (null removes a key)", async () => {
    const { id } = await confirmedUser("renamed", { a: 1, b: 2 });
    const newEmail = uniqueEmail("renamed-to");
    await admin().updateUserById(id, { app_metadata: { team: "red", level: 1 } });
    const { data, error } = await admin().updateUserById(id, {
      email: newEmail, user_metadata: { b: null, c: 3 }, app_metadata: { level: null },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(newEmail);
    expect(data.user?.user_metadata).toEqual({ a: 1, c: 3, email_verified: true });
    expect(data.user?.app_metadata).toEqual({ provider: "email", providers: ["email"], team: "red" });
    expect((await newClient().auth.signInWithPassword({ email: newEmail, password })).error).toBeNull();
    expect(await mailCount(newEmail)).toBe(0);
    expect((await admin().getUserById(id)).data.user?.email).toBe(newEmail);
  });

  it("refuses an invalid or taken address and changes nothing", async () => {
    const { email, id } = await confirmedUser("keeps");
    const other = await confirmedUser("other");
    const invalid = await admin().updateUserById(id, { email: "xx:;x@x.x", user_metadata: { changed: true } });
    expect(invalid.error?.status).toBe(400);
    expect(invalid.error?.message).toBe(invalidFormat);
    const taken = await admin().updateUserById(id, { email: other.email, user_metadata: { changed: true } });
    // GoTrue checks nothing here: the database's unique index refuses it (500 "Error updating user").
    expect(taken.error?.status).toBe(500);
    const after = (await admin().getUserById(id)).data.user!;
    expect(after.email).toBe(email);
    expect(after.user_metadata).not.toHaveProperty("changed");
  });

  it("confirms an unconfirmed address with email_confirm", async () => {
    const email = uniqueEmail("unconfirmed");
    const created = await admin().createUser({ email, password });
    expect((await newClient().auth.signInWithPassword({ email, password })).error?.code).toBe("email_not_confirmed");
    const { data, error } = await admin().updateUserById(created.data.user!.id, { email_confirm: true });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    expect(data.user?.user_metadata).toEqual({ email_verified: true });
    expect((await newClient().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it("sets a new password and ends every session; a weak one is refused and changes nothing", async () => {
    const { email, id } = await confirmedUser("new-password");
    const signedIn = await newClient().auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();

    const weak = await admin().updateUserById(id, { password: "abc" });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe("weak_password");
    expect((await newClient().auth.signInWithPassword({ email, password })).error).toBeNull();

    expect((await admin().updateUserById(id, { password: "another-horse-2" })).error).toBeNull();
    const refreshed = await newClient().auth.refreshSession({ refresh_token: signedIn.data.session!.refresh_token });
    expect(refreshed.error).not.toBeNull();
    expect((await newClient().auth.signInWithPassword({ email, password })).error?.code).toBe("invalid_credentials");
    expect((await newClient().auth.signInWithPassword({ email, password: "another-horse-2" })).error).toBeNull();
  });

  it("bans for a Go duration, refusing sign-in and the tokens already issued, and lifts the ban with none", async () => {
    const { email, id } = await confirmedUser("banned");
    const before = await newClient().auth.signInWithPassword({ email, password });
    const { data, error } = await admin().updateUserById(id, { ban_duration: "24h" });
    expect(error).toBeNull();
    const until = new Date(data.user!.banned_until!).getTime();
    expect(Math.abs(until - (Date.now() + 24 * 3600 * 1000))).toBeLessThan(60_000);
    expect((await newClient().auth.signInWithPassword({ email, password })).error?.code).toBe("user_banned");
    const withOldToken = await newClient().auth.getUser(before.data.session!.access_token);
    expect(withOldToken.error?.code).toBe("user_banned");

    const lifted = await admin().updateUserById(id, { ban_duration: "none" });
    expect(lifted.error).toBeNull();
    expect(lifted.data.user?.banned_until ?? null).toBeNull();
    expect((await newClient().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it("refuses a ban duration Go cannot read and changes nothing", async () => {
    const { id } = await confirmedUser("ban-typo");
    const { error } = await admin().updateUserById(id, { ban_duration: "1d", user_metadata: { changed: true } });
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('invalid format for ban duration: time: unknown unit "d" in duration "1d"');
    const after = (await admin().getUserById(id)).data.user!;
    expect(after.banned_until ?? null).toBeNull();
    expect(after.user_metadata).not.toHaveProperty("changed");
  });
});

describe("inviteUserByEmail (POST /invite)", () => {
  it("creates an invited user, mails the site's invitation, and its link signs them in to choose a password", async () => {
    const email = uniqueEmail("invitee");
    const redirectTo = `${siteUrl}/welcome`;
    const { data, error } = await admin().inviteUserByEmail(email, { data: { first_name: "Ivy", adult_confirmed: true }, redirectTo });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.email_confirmed_at ?? null).toBeNull();
    expect(data.user?.user_metadata).toEqual({ first_name: "Ivy", adult_confirmed: true });

    const mail = await latestMailTo(email);
    expect(mail.Subject).toBe(configuredSubject("invite"));
    const opened = await open(verifyLinkIn(mail));
    expect(opened.status).toBe(303);
    expect(`${opened.location.origin}${opened.location.pathname}`).toBe(redirectTo);
    expect(opened.fragment.get("type")).toBe("invite");
    const client = newClient();
    const session = await client.auth.setSession({
      access_token: opened.fragment.get("access_token")!, refresh_token: opened.fragment.get("refresh_token")!,
    });
    expect(session.data.user?.email_confirmed_at).toBeTruthy();
    // The invitation proved the address, so no current password is asked for the first one.
    expect((await client.auth.updateUser({ password: "chosen-horse-3" })).error).toBeNull();
    expect((await newClient().auth.signInWithPassword({ email, password: "chosen-horse-3" })).error).toBeNull();
  });

  it("invites an unconfirmed address again, without waiting", async () => {
    const email = uniqueEmail("invited-twice");
    expect((await admin().inviteUserByEmail(email, { data: { adult_confirmed: true } })).error).toBeNull();
    expect((await admin().inviteUserByEmail(email, { data: { adult_confirmed: true } })).error).toBeNull();
    await latestMailTo(email);
    expect(await mailCount(email)).toBe(2);
  });

  it("refuses an invalid address, a confirmed one, and one the before_user_created hook refuses, sending nothing", async () => {
    const invalid = await admin().inviteUserByEmail("xx:;x@x.x");
    expect(invalid.error?.message).toBe(invalidFormat);
    expect(invalid.data.user).toBeNull();

    const { email } = await confirmedUser("already-member");
    const taken = await admin().inviteUserByEmail(email, { data: { adult_confirmed: true } });
    expect(taken.error?.status).toBe(422);
    expect(taken.error?.code).toBe("email_exists");
    expect(await mailCount(email)).toBe(0);

    const minor = uniqueEmail("hook-refused");
    const refused = await admin().inviteUserByEmail(minor);
    expect(refused.error?.status).toBe(400);
    expect(refused.error?.message).toBe("You must be 18 or older to create an account.");
    expect(await mailCount(minor)).toBe(0);
    expect((await admin().createUser({ email: minor, password })).error).toBeNull();
  });
});

describe("generateLink (POST /admin/generate_link)", () => {
  const redirectTo = `${siteUrl}/welcome`;

  it("makes a sign-up link for a new account, sending nothing; the link confirms it and signs in", async () => {
    const email = uniqueEmail("link-signup");
    const { user, properties } = await generated({ type: "signup", email, password, options: { data: { adult_confirmed: true }, redirectTo } });
    expect(user.user_metadata).toEqual({ adult_confirmed: true });
    expect(properties.verification_type).toBe("signup");
    expect(properties.redirect_to).toBe(redirectTo);
    expect(properties.email_otp).toMatch(/^\d{6}$/);
    expect(properties.hashed_token).toMatch(/^[0-9a-f]{56}$/);
    expect(properties.action_link).toBe(
      `${supabaseUrl}/auth/v1/verify?token=${properties.hashed_token}&type=signup&redirect_to=${redirectTo}`,
    );
    expect(await mailCount(email)).toBe(0);
    const opened = await open(properties.action_link);
    expect(opened.fragment.get("access_token")).toBeTruthy();
    expect((await newClient().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it("makes a magic link (a sign-up link for an unknown address) whose code signs in", async () => {
    const unknown = await generated({ type: "magiclink", email: uniqueEmail("link-new"), options: { data: { adult_confirmed: true } } });
    expect(unknown.properties.verification_type).toBe("signup");

    const { email } = await confirmedUser("link-magic");
    const { properties } = await generated({ type: "magiclink", email });
    expect(properties.verification_type).toBe("magiclink");
    expect(properties.action_link).toContain("type=magiclink");
    const verified = await newClient().auth.verifyOtp({ email, token: properties.email_otp, type: "magiclink" });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
  });

  it("makes recovery links for existing accounts only", async () => {
    const missing = await admin().generateLink({ type: "recovery", email: uniqueEmail("link-nobody") });
    expect(missing.error?.status).toBe(404);
    expect(missing.error?.message).toBe("User with this email not found");
    expect(missing.data.user).toBeNull();

    const { email } = await confirmedUser("link-recovery");
    const { user, properties } = await generated({ type: "recovery", email });
    expect(user.recovery_sent_at).toBeTruthy();
    expect((await open(properties.action_link)).fragment.get("type")).toBe("recovery");
    expect(await mailCount(email)).toBe(0);
  });

  it("makes invite links, and refuses one for a confirmed account", async () => {
    const email = uniqueEmail("link-invite");
    const { user, properties } = await generated({ type: "invite", email, options: { data: { adult_confirmed: true } } });
    expect(user.invited_at).toBeTruthy();
    expect(properties.action_link).toContain("type=invite");
    expect(await mailCount(email)).toBe(0);

    const member = await confirmedUser("link-invite-member");
    const refused = await admin().generateLink({ type: "invite", email: member.email });
    expect(refused.error?.code).toBe("email_exists");
  });

  it("makes the two e-mail change links, which change the address once both are opened", async () => {
    const { email, id } = await confirmedUser("link-change");
    const newEmail = uniqueEmail("link-changed");
    const current = await generated({ type: "email_change_current", email, newEmail });
    expect(current.user.new_email).toBe(newEmail);
    expect(current.properties.action_link).toContain("type=email_change");
    const next = await generated({ type: "email_change_new", email, newEmail });
    expect(await mailCount(email)).toBe(0);
    expect(await mailCount(newEmail)).toBe(0);

    // Both links are needed only while confirmations are on (supabase/auth internal/api/verify.go: !Autoconfirm && SecureEmailChangeEnabled).
    if (confirmationsOn) {
      expect((await open(current.properties.action_link)).fragment.get("access_token")).toBeNull();
      expect((await open(next.properties.action_link)).fragment.get("access_token")).toBeTruthy();
    } else {
      expect((await open(current.properties.action_link)).fragment.get("access_token")).toBeTruthy();
    }
    expect((await admin().getUserById(id)).data.user?.email).toBe(newEmail);
  });

  it("refuses an invalid address, an unknown type and a taken new address", async () => {
    const invalid = await admin().generateLink({ type: "signup", email: "xx:;x@x.x", password });
    expect(invalid.error?.message).toBe(invalidFormat);
    expect(invalid.data.properties).toBeNull();

    const { email, id } = await confirmedUser("link-refused");
    const unknownType = await adminFetch("/admin/generate_link", { method: "POST", body: JSON.stringify({ type: "welcome", email }) });
    expect(unknownType.status).toBe(400);
    expect(unknownType.headers.get("x-sb-error-code")).toBe("validation_failed");

    const other = await confirmedUser("link-taken");
    const taken = await admin().generateLink({ type: "email_change_new", email, newEmail: other.email });
    expect(taken.error?.code).toBe("email_exists");
    expect((await admin().getUserById(id)).data.user?.new_email).toBeUndefined();
  });
});

describe("reauthentication (GET /reauthenticate)", () => {
  it("mails a signed-in member a code, which PUT /user takes as nonce with a new password", async () => {
    const { email } = await confirmedUser("reauth");
    const client = newClient();
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
    const { error } = await client.auth.reauthenticate();
    expect(error).toBeNull();
    const mail = await latestMailTo(email);
    const code = codeIn(mail);
    expect(mail.Subject).toBe(`${code} is your verification code`);

    const changed = await client.auth.updateUser({ password: "renewed-horse-4", nonce: code, current_password: password });
    expect(changed.error).toBeNull();
    expect((await newClient().auth.signInWithPassword({ email, password: "renewed-horse-4" })).error).toBeNull();
  });

  it("is refused without a session", async () => {
    const response = await fetch(`${supabaseUrl}/auth/v1/reauthenticate`, { headers: { apikey: serviceRoleKey } });
    expect(response.status).toBe(401);
    expect(response.headers.get("x-sb-error-code")).toBe("no_authorization");
  });
});
