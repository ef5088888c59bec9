import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./styles/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");
const root = createRoot(container);

/** The configuration is checked before the app loads, so a missing variable is a readable page, not a blank one. */
function showStartupError(error: unknown) {
  console.error(error);
  const message = error instanceof Error ? error.message : String(error);
  root.render(
    <div role="alert" style={{ maxWidth: "40rem", margin: "4rem auto", padding: "0 1rem" }}>
      <h1>The site cannot start</h1>
      <p style={{ whiteSpace: "pre-wrap" }}>{message}</p>
    </div>,
  );
}

Promise.all([import("./config/env"), import("./app")])
  .then(([{ env }, { App }]) => {
    document.title = env.siteName;
    // As a transition, React renders the app in slices of a few milliseconds, not one long task that holds the first paint and input.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
    void import("./lib/analytics").then(({ initAnalytics }) => initAnalytics());
  })
  .catch(showStartupError);
