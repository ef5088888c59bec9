import { InvitationPage } from "@/features/auth/components/invitation-page";

export default function WelcomeInviteRoute() {
  return <InvitationPage />;
}
