import { Outlet, ScrollRestoration } from "react-router";
import { MainLayout } from "@/components/layout/main-layout";
import { AuthModalsProvider } from "@/features/auth/components/auth-modals-provider";
import { HeaderActions } from "@/features/auth/components/header-actions";
import { JoinBanner } from "@/features/auth/components/join-banner";
import { NotificationBell } from "@/features/notifications/components/notification-bell";

/** The root route: header (banner, links, account actions with the notification bell), the screen, footer, and the auth modals. */
export function AppLayout() {
  return (
    <AuthModalsProvider>
      <MainLayout banner={<JoinBanner />} actions={<HeaderActions signedInExtras={(user) => <NotificationBell userId={user.id} />} />}>
        <Outlet />
      </MainLayout>
      <ScrollRestoration />
    </AuthModalsProvider>
  );
}
