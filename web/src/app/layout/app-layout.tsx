import { Outlet, ScrollRestoration } from "react-router";
import { MainLayout } from "@/components/layout/main-layout";
import { AuthModalsProvider } from "@/features/auth/components/auth-modals-provider";
import { HeaderActions } from "@/features/auth/components/header-actions";
import { JoinBanner } from "@/features/auth/components/join-banner";

/** The root route: header (banner, links, account actions), the screen, footer, and the auth modals. */
export function AppLayout() {
  return (
    <AuthModalsProvider>
      <MainLayout banner={<JoinBanner />} actions={<HeaderActions />}>
        <Outlet />
      </MainLayout>
      <ScrollRestoration />
    </AuthModalsProvider>
  );
}
