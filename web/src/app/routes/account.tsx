import { AccountPage } from "@/features/auth/components/account/account-page";
import { useDocumentTitle } from "@/hooks/use-document-title";

export default function AccountRoute() {
  useDocumentTitle("Your account");
  return <AccountPage />;
}
