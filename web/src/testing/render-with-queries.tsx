import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";

/**
 * Renders `ui` as the app would around a page's part: a fresh query client
 * that does not retry (a refused answer shows at once) and a router at `route`.
 */
export function renderWithQueries(ui: ReactNode, { route = "/" }: { route?: string } = {}) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
