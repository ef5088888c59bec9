import { createContext, useContext } from "react";

export type AuthModal = "sign-in" | "sign-up";

export type AuthModalsContextValue = {
  open: (modal: AuthModal) => void;
  close: () => void;
  current: AuthModal | null;
};

export const AuthModalsContext = createContext<AuthModalsContextValue | null>(null);

/** Opens the Sign up / Log in modals from anywhere below <AuthModalsProvider>. */
export function useAuthModals(): AuthModalsContextValue {
  const value = useContext(AuthModalsContext);
  if (!value) throw new Error("useAuthModals must be used inside <AuthModalsProvider>");
  return value;
}
