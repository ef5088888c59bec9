import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ErrorBoundary } from "@/components/errors/error-boundary";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { Toasts } from "@/components/ui/toasts";
import { SessionProvider } from "@/features/auth/hooks/use-session";
import { createQueryClient } from "@/lib/query-client";

/** App-wide providers that do not need the router (the auth modals live in the layout). */
export function AppProvider({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  // A hydrated page brings its client, filled with the answers the server rendered from.
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
          {/* Sonner loads with the first toast (lib/notify.ts). */}
          <Toasts />
        </SessionProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
