/**
 * The e-mail flows of Auth, read through the mail catcher (Mailpit's REST API
 * on both stacks): each e-mail is the site's own (config.toml's templates),
 * password recovery by link, the link's answer (303 with the session in the
 * fragment, or the error there once used), magic links, invitations and the
 * admin API. Sources: supabase/auth internal/api/recover.go, verify.go,
 * otp.go, invite.go, admin.go.
 */
import { describe, expect, it } from "vitest";
import { configuredSubject, readableText, textWithoutLinks } from "./configured-mail.ts";
import { anonKey, mailpitUrl, newClient, serviceRoleKey, siteUrl, supabaseUrl, uniqueEmail } from "./env.ts";
import { confirmByMail, latestMailTo, mailCount, verifyLinkIn, type Mail } from "./mailpit.ts";

const password = "correct-horse-1";

async function member() {
  const email = uniqueEmail("mail");
  const client = newClient();
  const { data, error } = await client.auth.signUp({ email, password, options: { data: { adult_confirmed: true } } });
  expect(error).toBeNull();
  if (!data.session) await confirmByMail(client, email);
  return { email, client };
}

/** The site's e-mail `name`: its configured subject, the site's name, and no code to type (the site has nowhere to enter one). */
function expectSiteMail(mail: Mail, name: Parameters<typeof configuredSubject>[0]) {
  expect(mail.Subject).toBe(configuredSubject(name));
  expect(readableText(mail)).toContain("The Community Archive is an independent, fan-operated community archive.");
  expect(textWithoutLinks(mail)).not.toMatch(/\b\d{6}\b/);
  expect(mail.Text).not.toMatch(/\bcode\b/i);
}

const admin = () => newClient(serviceRoleKey).auth.admin;

/** Follows an e-mail link by hand, as a browser would, without going on to the site. */
async function open(link: string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const response = await fetch(link, { redirect: "manual" });
  const location = new URL(response.headers.get("location") ?? "about:blank");
  return { status: response.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

describe("the mail catcher", () => {
  it("lists messages newest first and shows them in a page", async () => {
    const { email } = await member();
    await newClient().auth.resetPasswordForEmail(email);
    const mail = await latestMailTo(email);
    expect(mail.To.map((t) => t.Address)).toEqual([email]);
    const list = (await (await fetch(`${mailpitUrl}/api/v1/messages`)).json()) as { messages: { ID: string }[]; total: number };
    expect(list.total).toBeGreaterThan(0);
    expect(list.messages.map((m) => m.ID)).toContain(mail.ID);
    expect((await fetch(`${mailpitUrl}/`)).status).toBe(200);
  });
});

describe("confirming a new account", () => {
  it("mails the site's confirmation, whose link confirms the address and signs in", async () => {
    const email = uniqueEmail("confirm");
    // An unconfirmed account under either enable_confirmations setting; resending sends its confirmation.
    const created = await admin().createUser({ email, password, email_confirm: false, user_metadata: { first_name: "Cora", adult_confirmed: true } });
    expect(created.error).toBeNull();
    expect((await newClient().auth.resend({ type: "signup", email, options: { emailRedirectTo: siteUrl } })).error).toBeNull();
    const mail = await latestMailTo(email);
    expectSiteMail(mail, "confirmation");
    expect(readableText(mail)).toContain("Hello Cora,");
    expect(readableText(mail)).toContain(`confirm that ${email} is your e-mail address`);

    const opened = await open(verifyLinkIn(mail));
    expect(opened.status).toBe(303);
    expect(opened.fragment.get("type")).toBe("signup");
    const { data } = await newClient().auth.getUser(opened.fragment.get("access_token")!);
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });
});

describe("password recovery", () => {
  it("mails a link that signs the user in on the site, once", async () => {
    const { email } = await member();
    const redirectTo = `${siteUrl}/reset-password`;
    const { error } = await newClient().auth.resetPasswordForEmail(email, { redirectTo });
    expect(error).toBeNull();
    const mail = await latestMailTo(email);
    expectSiteMail(mail, "recovery");
    expect(readableText(mail)).toContain(`reset the password of the account ${email}`);

    const first = await open(verifyLinkIn(mail));
    expect(first.status).toBe(303);
    expect(`${first.location.origin}${first.location.pathname}`).toBe(redirectTo);
    expect(first.fragment.get("type")).toBe("recovery");
    const token = first.fragment.get("access_token")!;
    const { data } = await newClient().auth.getUser(token);
    expect(data.user?.email).toBe(email);

    const again = await open(verifyLinkIn(mail));
    expect(again.status).toBe(303);
    expect(again.fragment.get("error_code")).toBe("otp_expired");
    expect(again.fragment.get("access_token")).toBeNull();
  });

  it("answers the same for an address without an account, and sends nothing", async () => {
    const email = uniqueEmail("nobody");
    const { error } = await newClient().auth.resetPasswordForEmail(email);
    expect(error).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailCount(email)).toBe(0);
  });

  it("verifies the link's token hash by POST too, and then lets the user set a new password", async () => {
    const { email } = await member();
    await newClient().auth.resetPasswordForEmail(email);
    const hash = new URL(verifyLinkIn(await latestMailTo(email))).searchParams.get("token")!;
    const client = newClient();
    const { data, error } = await client.auth.verifyOtp({ type: "recovery", token_hash: hash });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect((await client.auth.updateUser({ password: "a-new-password-9" })).error).toBeNull();
    expect((await newClient().auth.signInWithPassword({ email, password: "a-new-password-9" })).error).toBeNull();
    const replay = await newClient().auth.verifyOtp({ type: "recovery", token_hash: hash });
    expect(replay.error?.code).toBe("otp_expired");
  });
});

// internal/api/user.go: a permanent user's new address always waits for confirmation.
describe("changing the e-mail address", () => {
  it("is pending until confirmed by link, then the new address signs in", async () => {
    const { email, client } = await member();
    const newEmail = uniqueEmail("moved");
    const moved = await client.auth.updateUser({ email: newEmail });
    expect(moved.error).toBeNull();
    expect(moved.data.user?.email).toBe(email);
    expect(moved.data.user?.new_email).toBe(newEmail);
    expect((await newClient().auth.signInWithPassword({ email, password })).error).toBeNull();

    const settings = (await (await fetch(`${supabaseUrl}/auth/v1/settings`, { headers: { apikey: anonKey } })).json()) as { mailer_autoconfirm: boolean };
    const toNew = await latestMailTo(newEmail);
    expectSiteMail(toNew, "email_change");
    expect(readableText(toNew)).toContain(`from ${email} to ${newEmail}`);
    if (!settings.mailer_autoconfirm) {
      // With confirmations on and double_confirm_changes, the old address confirms too.
      const toCurrent = await latestMailTo(email);
      expectSiteMail(toCurrent, "email_change");
      expect(verifyLinkIn(toCurrent)).not.toBe(verifyLinkIn(toNew));
      const first = await open(verifyLinkIn(toCurrent));
      expect(first.fragment.get("message")).toBe("Confirmation link accepted. Please proceed to confirm link sent to the other email");
      expect((await newClient().auth.signInWithPassword({ email, password })).error).toBeNull();
    }
    const confirmed = await open(verifyLinkIn(toNew));
    expect(confirmed.status).toBe(303);
    expect(confirmed.fragment.get("access_token")).toBeTruthy();
    expect((await newClient().auth.signInWithPassword({ email: newEmail, password })).error).toBeNull();
    expect((await newClient().auth.signInWithPassword({ email, password })).error?.code).toBe("invalid_credentials");
  });
});

describe("logging in by e-mail link", () => {
  it("mails the site's log-in link, which signs the member in once", async () => {
    const { email } = await member();
    expect((await newClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: siteUrl } })).error).toBeNull();
    const mail = await latestMailTo(email);
    expectSiteMail(mail, "magic_link");
    expect(readableText(mail)).toContain(`log in as ${email}`);
    const first = await open(verifyLinkIn(mail));
    expect(first.fragment.get("type")).toBe("magiclink");
    expect(first.fragment.get("access_token")).toBeTruthy();
    expect((await open(verifyLinkIn(mail))).fragment.get("error_code")).toBe("otp_expired");
  });
});

describe("an invitation (service role)", () => {
  it("mails the site's invitation, whose link confirms the new account and signs it in", async () => {
    const email = uniqueEmail("invited");
    const invited = await admin().inviteUserByEmail(email, { data: { first_name: "Ivy", adult_confirmed: true }, redirectTo: siteUrl });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.email_confirmed_at ?? null).toBeNull();
    const mail = await latestMailTo(email);
    expectSiteMail(mail, "invite");
    expect(readableText(mail)).toContain("Hello Ivy,");

    const opened = await open(verifyLinkIn(mail));
    expect(opened.status).toBe(303);
    expect(`${opened.location.origin}${opened.location.pathname}`).toBe(`${new URL(siteUrl).origin}/`);
    expect(opened.fragment.get("type")).toBe("invite");
    const { data } = await newClient().auth.getUser(opened.fragment.get("access_token")!);
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });

  it("is refused for an address that already has a confirmed account", async () => {
    const { email } = await member();
    const { error } = await admin().inviteUserByEmail(email, { data: { adult_confirmed: true } });
    expect(error?.status).toBe(422);
  });
});

describe("the admin API (service role key)", () => {
  it("creates a confirmed user, lists it and deletes it", async () => {
    const email = uniqueEmail("admin-made");
    const { data, error } = await admin().createUser({ email, password, email_confirm: true, user_metadata: { first_name: "Made" } });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
    const signedIn = await newClient().auth.signInWithPassword({ email, password });
    expect(signedIn.error).toBeNull();

    const listed = await admin().listUsers({ page: 1, perPage: 1000 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.map((u) => u.email)).toContain(email);

    expect((await admin().deleteUser(data.user!.id)).error).toBeNull();
    expect((await newClient().auth.signInWithPassword({ email, password })).error?.code).toBe("invalid_credentials");
  });

  it("is refused with the anon key", async () => {
    const { error } = await newClient(anonKey).auth.admin.listUsers();
    expect(error?.status).toBe(403);
  });
});
