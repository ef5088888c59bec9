import type { Session, User } from "@supabase/auth-js";
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { getAuthClient, mayHaveSession, onAuthClientLoaded } from "@/lib/supabase";

/** The signed-in user as the SPA shows it (SPEC §3: first name, last name, e-mail). */
export type AuthUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** "First Last", else the e-mail address. */
  displayName: string;
  /** An address change waiting for its confirmation links. */
  pendingEmail: string | null;
};

export type SessionState =
  | { status: "loading"; session: null; user: null }
  | { status: "signed-out"; session: null; user: null }
  | { status: "signed-in"; session: Session; user: AuthUser };

export function toAuthUser(user: User): AuthUser {
  const metadata = (user.user_metadata ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const firstName = text(metadata.first_name) || text(metadata.given_name);
  const lastName = text(metadata.last_name) || text(metadata.family_name);
  const email = user.email ?? "";
  const fullName = [firstName, lastName].filter(Boolean).join(" ") || text(metadata.full_name) || text(metadata.name);
  return { id: user.id, email, firstName, lastName, displayName: fullName || email || "Account", pendingEmail: user.new_email ?? null };
}

export function sessionState(session: Session | null): SessionState {
  return session ? { status: "signed-in", session, user: toAuthUser(session.user) } : { status: "signed-out", session: null, user: null };
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * Follows Supabase Auth (`onAuthStateChange`) and shares the session with the
 * app. With no session stored, the visitor is signed out from the first
 * render and auth-js is not loaded; the subscription starts whenever it loads
 * (a sign-in or sign-up form loads it).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null | undefined>(() => (mayHaveSession() ? undefined : null));

  useEffect(() => {
    let subscription: { unsubscribe: () => void } | undefined;
    const stopWaiting = onAuthClientLoaded((auth) => {
      // Do not call other auth methods synchronously in the callback (supabase-js deadlock).
      subscription = auth.onAuthStateChange((_event, next) => setSession(next)).data.subscription;
    });
    if (mayHaveSession()) void getAuthClient();
    return () => {
      stopWaiting();
      subscription?.unsubscribe();
    };
  }, []);

  const value = useMemo<SessionState>(
    () => (session === undefined ? { status: "loading", session: null, user: null } : sessionState(session)),
    [session],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession must be used inside <SessionProvider>");
  return value;
}
