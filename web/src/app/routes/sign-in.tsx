import { useDocumentTitle } from "@/hooks/use-document-title";
import { AuthPage } from "@/features/auth/components/auth-page";

export default function SignInRoute() {
  useDocumentTitle("Log in");
  return <AuthPage mode="sign-in" />;
}
