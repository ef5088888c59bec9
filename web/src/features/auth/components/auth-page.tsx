import { Navigate, useNavigate } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { useSession } from "../hooks/use-session";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";
import styles from "./auth-page.module.css";

/** `/sign-in/*` and `/sign-up/*`: the same forms as the modals, embedded; back to / after success. */
export function AuthPage({ mode }: { mode: "sign-in" | "sign-up" }) {
  const session = useSession();
  const navigate = useNavigate();
  const done = () => navigate(paths.home, { replace: true });

  if (session.status === "loading") return <PageSpinner />;
  if (session.status === "signed-in") return <Navigate to={paths.home} replace />;

  return (
    <section className={styles.page} aria-labelledby="auth-page-title">
      <h1 id="auth-page-title">{mode === "sign-in" ? "Log in" : "Sign up"}</h1>
      <p className={styles.lead}>
        {mode === "sign-in"
          ? "Log in to post, comment, vote and send suggestions."
          : "Create an account to post, comment, vote and send suggestions. You must be 18 or older."}
      </p>
      {mode === "sign-in" ? <SignInForm onSuccess={done} /> : <SignUpForm onSuccess={done} />}
    </section>
  );
}
