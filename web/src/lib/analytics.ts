import { env, type Env } from "@/config/env";

type AnalyticsConfig = Pick<Env, "posthogKey" | "posthogHost">;

let started: Promise<boolean> | undefined;

/**
 * Starts product analytics (SPEC §1): posthog-js, loaded by dynamic import only
 * when VITE_POSTHOG_KEY is set, with page views and autocapture on and one
 * `site_visit` event at startup. Without a key nothing is loaded or sent.
 * Resolves to whether analytics started.
 */
export function initAnalytics(config: AnalyticsConfig = env): Promise<boolean> {
  if (!config.posthogKey) return Promise.resolve(false);
  const key = config.posthogKey;
  started ??= import("posthog-js")
    .then(({ default: posthog }) => {
      posthog.init(key, {
        api_host: config.posthogHost,
        capture_pageview: "history_change",
        autocapture: true,
        persistence: "localStorage+cookie",
      });
      posthog.capture("site_visit");
      return true;
    })
    .catch((error: unknown) => {
      console.warn("Analytics could not start", error);
      return false;
    });
  return started;
}

/** For tests only. */
export function resetAnalyticsForTests() {
  started = undefined;
}
