import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { landingChunksModule } from "./vite/first-screen.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));

// Unit tests of the SPA (jsdom). The root vitest.config.ts lists this file as
// the project "unit"; run alone with `npx vitest run --config web/vitest.config.ts`.
export default defineConfig({
  plugins: [react(), { name: "landing-chunks", ...landingChunksModule(() => `${webRoot}dist`) }],
  resolve: {
    alias: [
      { find: "@", replacement: fileURLToPath(new URL("./src", import.meta.url)) },
      { find: "@shared", replacement: fileURLToPath(new URL("../supabase/functions/_shared", import.meta.url)) },
      // The hosts' middleware imports the server build; tests take it from its source.
      { find: /^.*\/dist-server\/entry-server\.js$/, replacement: fileURLToPath(new URL("./src/entry-server.tsx", import.meta.url)) },
    ],
  },
  test: {
    name: "unit",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["src/**/*.test.{ts,tsx}", "vite/**/*.test.ts", "host/**/*.test.ts"],
    environment: "jsdom",
    setupFiles: ["./src/testing/setup-tests.ts"],
    restoreMocks: true,
    env: {
      VITE_SUPABASE_URL: "http://127.0.0.1:54321",
      VITE_SUPABASE_ANON_KEY: "test-anon-key",
      VITE_SITE_NAME: "The Community Archive",
      VITE_CONTACT_EMAIL: "hello@example.com",
      VITE_MODERATION_EMAIL: "moderation@example.com",
      VITE_AUTH_PROVIDERS: "",
      VITE_POSTHOG_KEY: "",
    },
  },
});
