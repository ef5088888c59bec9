/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  readonly VITE_SITE_NAME?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_MODERATION_EMAIL?: string;
  readonly VITE_AUTH_PROVIDERS?: string;
  readonly VITE_POSTHOG_KEY?: string;
  readonly VITE_POSTHOG_HOST?: string;
  readonly VITE_CONTENT_LICENSE?: string;
  readonly VITE_CONTENT_LICENSE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** Each landing page's own chunks in the client's build (web/vite/first-screen.ts; none in development). */
declare module "virtual:landing-chunks" {
  const chunks: Partial<Record<import("./app/landing-routes").LandingRoute, { scripts: string[]; styles: string[] }>>;
  export default chunks;
}
