/**
 * Starts the app in #root (src/main.tsx loads this module): hydrates a first
 * screen the host rendered for a visitor, else renders afresh.
 */
import { hydrate } from "@tanstack/react-query";
import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";

let root: Root | undefined;

/**
 * Says when the app has taken the page over: index.html's `data-first-screen`
 * (a page the host rendered, web/host/first-screen.ts) goes once the first
 * render is committed, so scripts and tests can tell a page that only looks
 * ready from one that works.
 */
function TakenOver({ children }: { children: ReactNode }) {
  useEffect(() => {
    delete document.documentElement.dataset.firstScreen;
  }, []);
  return children;
}

/** The configuration is checked before the app loads, so a missing variable is a readable page, not a blank one. */
function showStartupError(container: HTMLElement, error: unknown) {
  console.error(error);
  const message = error instanceof Error ? error.message : String(error);
  root ??= createRoot(container);
  root.render(
    <div role="alert" style={{ maxWidth: "40rem", margin: "4rem auto", padding: "0 1rem" }}>
      <h1>The site cannot start</h1>
      <p style={{ whiteSpace: "pre-wrap" }}>{message}</p>
    </div>,
  );
}

export function startApp(container: HTMLElement): Promise<void> {
  return Promise.all([import("@/config/env"), import("./index"), import("./first-screen"), import("./router"), import("@/lib/supabase"), import("@/lib/query-client")])
  .then(async ([{ env }, { App }, firstScreen, { routeObjects }, { mayHaveSession }, { createQueryClient }]) => {
    document.title = env.siteName;
    const queryClient = createQueryClient();
    const state = firstScreen.firstScreenState();
    // The host wrote a visitor's first screen into the page: the app takes it over as it stands. A
    // signed-in reader's page shows their own votes and controls, so it is rendered afresh, as without a host.
    if (state && !mayHaveSession()) {
      // The server's answers first, so the first render is the server's.
      hydrate(queryClient, state);
      await firstScreen.loadRoutesAt(routeObjects, window.location);
      // As a transition, hydration runs in slices of a few milliseconds that let input and painting through
      // (the way Next.js hydrates: vercel/next.js#40874), not one long task.
      startTransition(() => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <TakenOver>
              <App queryClient={queryClient} />
            </TakenOver>
          </StrictMode>,
        );
      });
    } else {
      root = createRoot(container);
      // As a transition, React renders the app in slices of a few milliseconds, not one long task that holds the first paint and input.
      startTransition(() =>
        root!.render(
          <StrictMode>
            <TakenOver>
              <App queryClient={queryClient} />
            </TakenOver>
          </StrictMode>,
        ),
      );
    }
    void import("@/lib/analytics").then(({ initAnalytics }) => initAnalytics());
  })
  .catch((error: unknown) => showStartupError(container, error));
}
