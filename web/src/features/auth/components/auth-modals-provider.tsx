import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { AuthModalsContext, type AuthModal, type AuthModalsContextValue } from "../hooks/use-auth-modals";

// The forms (react-hook-form + zod) are not part of the initial bundle: they
// load on the visitor's first interaction, or when a modal first opens.
const loadSignUpForm = () => import("./sign-up-form");
const loadSignInForm = () => import("./sign-in-form");
const SignUpForm = lazy(() => loadSignUpForm().then((module) => ({ default: module.SignUpForm })));
const SignInForm = lazy(() => loadSignInForm().then((module) => ({ default: module.SignInForm })));

/** Holds the Sign up and Log in modals; open them with `useAuthModals().open(...)`. */
export function AuthModalsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthModal | null>(null);
  const close = useCallback(() => setCurrent(null), []);
  const value = useMemo<AuthModalsContextValue>(() => ({ open: setCurrent, close, current }), [close, current]);

  // Preloaded on the visitor's first interaction (pointer or key), not at start:
  // opening a page never loads them, and a modal opened by a click finds them on the way.
  useEffect(() => {
    const events = ["pointerdown", "keydown", "touchstart"] as const;
    const preload = () => {
      for (const event of events) window.removeEventListener(event, preload, true);
      void loadSignUpForm();
      void loadSignInForm();
    };
    for (const event of events) window.addEventListener(event, preload, { capture: true, passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, preload, true);
    };
  }, []);

  const fallback = <Spinner label="Loading form" />;
  return (
    <AuthModalsContext.Provider value={value}>
      {children}
      <Dialog open={current === "sign-up"} onClose={close} title="Sign up" description="Create an account to post, comment, vote and suggest.">
        <Suspense fallback={fallback}>
          <SignUpForm onSuccess={close} onSwitch={() => setCurrent("sign-in")} autoFocus />
        </Suspense>
      </Dialog>
      <Dialog open={current === "sign-in"} onClose={close} title="Log in" description="Welcome back.">
        <Suspense fallback={fallback}>
          <SignInForm onSuccess={close} onSwitch={() => setCurrent("sign-up")} onLeave={close} autoFocus />
        </Suspense>
      </Dialog>
    </AuthModalsContext.Provider>
  );
}
