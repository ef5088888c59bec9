/**
 * How the current session began, from its access token's `amr` claim: Auth
 * asks no current password for a new one when the session began with an
 * e-mail link or code, as after "Forgot your password?" (GoTrue's
 * IsRecovery: `otp`, `magiclink`, `recovery`).
 */
const emailLinkMethods = new Set(["otp", "magiclink", "recovery"]);

function amrMethods(accessToken: string): string[] {
  try {
    const payload = accessToken.split(".")[1] ?? "";
    const json = atob(payload.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(payload.length / 4) * 4, "="));
    const amr = (JSON.parse(json) as { amr?: unknown }).amr;
    return Array.isArray(amr) ? amr.map((entry) => (entry && typeof entry === "object" && "method" in entry ? String(entry.method) : "")) : [];
  } catch {
    return [];
  }
}

/** True unless the session began with an e-mail link or code: then a new password needs the current one. */
export function newPasswordNeedsCurrent(accessToken: string): boolean {
  return !amrMethods(accessToken).some((method) => emailLinkMethods.has(method));
}
