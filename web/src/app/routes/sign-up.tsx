import { useDocumentTitle } from "@/hooks/use-document-title";
import { AuthPage } from "@/features/auth/components/auth-page";

export default function SignUpRoute() {
  useDocumentTitle("Sign up");
  return <AuthPage mode="sign-up" />;
}
