import type { Provider } from "@supabase/auth-js";
import { paths } from "@/config/paths";
import { getAuthClient } from "@/lib/supabase";
import type { SignInValues, SignUpValues } from "../schemas";

export type SignUpResult = { signedIn: boolean };

/** Creates the account; the 18+ confirmation is stored in the user metadata. */
export async function signUp(values: SignUpValues): Promise<SignUpResult> {
  const { data, error } = await (await getAuthClient()).signUp({
    email: values.email,
    password: values.password,
    options: {
      data: { first_name: values.firstName, last_name: values.lastName, adult_confirmed: true },
      emailRedirectTo: `${window.location.origin}/`,
    },
  });
  if (error) throw error;
  // Without a session the project asks new users to confirm their e-mail first.
  return { signedIn: Boolean(data.session) };
}

export async function signIn(values: SignInValues): Promise<void> {
  const { error } = await (await getAuthClient()).signInWithPassword({ email: values.email, password: values.password });
  if (error) throw error;
}

/**
 * Sends the recovery e-mail. Auth answers the same whether or not the address
 * has an account, so nothing here can tell either.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await (await getAuthClient()).resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword}`,
  });
  if (error) throw error;
}

/** Sets the signed-in user's password (Auth ends their other sessions). */
export async function setNewPassword(password: string): Promise<void> {
  const { error } = await (await getAuthClient()).updateUser({ password });
  if (error) throw error;
}

/** Changes the names shown with the user's posts and comments. */
export async function updateNames(values: { firstName: string; lastName: string }): Promise<void> {
  const { error } = await (await getAuthClient()).updateUser({ data: { first_name: values.firstName, last_name: values.lastName } });
  if (error) throw error;
}

/**
 * Asks for a new address. Auth keeps the old one until the links it sends are
 * opened (to both addresses with double_confirm_changes).
 */
export async function requestEmailChange(email: string): Promise<void> {
  const { error } = await (await getAuthClient()).updateUser({ email }, { emailRedirectTo: `${window.location.origin}${paths.account}` });
  if (error) throw error;
}

export async function signInWithProvider(provider: string): Promise<void> {
  const { error } = await (await getAuthClient()).signInWithOAuth({
    provider: provider as Provider,
    options: { redirectTo: `${window.location.origin}/` },
  });
  if (error) throw error;
}

export async function signOut(): Promise<void> {
  const { error } = await (await getAuthClient()).signOut();
  // A failed server-side logout (e.g. the session is already gone) still clears the local session.
  if (error) console.warn("Sign-out:", error.message);
}

/** The message to show for an error from the identity provider. */
export function authErrorMessage(error: unknown): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) {
    if (/failed to fetch|networkerror|load failed/i.test(error.message)) {
      return "Could not reach the sign-in service. Check your connection and try again.";
    }
    return error.message;
  }
  return "Something went wrong. Please try again.";
}
