import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import { ErrorBoundary } from "@/components/errors/error-boundary";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { SessionProvider } from "@/features/auth/hooks/use-session";
import { createQueryClient } from "@/lib/query-client";

/** App-wide providers that do not need the router (the auth modals live in the layout). */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <ConfirmProvider>{children}</ConfirmProvider>
          {/* Plain toasts: sonner's rich colours fail the contrast check on success toasts. */}
          <Toaster position="top-center" closeButton />
        </SessionProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
