import { Outlet, ScrollRestoration } from "react-router";
import { MainLayout } from "@/components/layout/main-layout";
import { AuthModalsProvider } from "@/features/auth/components/auth-modals-provider";
import { CompactHeaderActions } from "@/features/auth/components/compact-header-actions";
import { HeaderActions } from "@/features/auth/components/header-actions";
import { InvitationRedirect } from "@/features/auth/components/invitation-redirect";
import { JoinBanner } from "@/features/auth/components/join-banner";
import { MenuAccount } from "@/features/auth/components/menu-account";
import { RoleAuthorization } from "@/features/auth/components/role-authorization";
import { StandingBanner } from "@/features/auth/components/standing-banner";
import { WelcomeNotice } from "@/features/auth/components/welcome-notice";
import type { AuthUser } from "@/features/auth/hooks/use-session";
import { NotificationBell } from "@/features/notifications/components/notification-bell";

const bell = (user: AuthUser) => <NotificationBell userId={user.id} />;

/** The root route: the signed-in user's role for every screen, header (banner, links, account actions with the notification bell, in a wide or a narrow shape), the screen, footer, and the auth modals. */
export function AppLayout() {
  return (
    <RoleAuthorization>
      <AuthModalsProvider>
        <MainLayout
          banner={<JoinBanner />}
          actions={<HeaderActions signedInExtras={bell} />}
          compactActions={<CompactHeaderActions signedInExtras={bell} />}
          menuActions={<MenuAccount />}
        >
          {/* What happened to the account, above every screen: a welcome after confirming, a suspension; an invitation waiting to be accepted. */}
          <WelcomeNotice />
          <StandingBanner />
          <InvitationRedirect />
          <Outlet />
        </MainLayout>
        <ScrollRestoration />
      </AuthModalsProvider>
    </RoleAuthorization>
  );
}
