import { fileURLToPath, URL } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type ProxyOptions } from "vite";
import { firstRequests } from "./vite/first-requests.ts";
import { firstScreenBuild } from "./vite/first-screen.ts";
import { robotsTxtFile } from "./vite/robots-txt.ts";
import { securityHeaders } from "./vite/security-headers.ts";
import { shareCards } from "./vite/share-cards.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

// Where /api goes: the api function (the proxy below, and share cards' lookups).
const apiTarget = (env: Record<string, string>) => env.API_PROXY_TARGET || "http://127.0.0.1:54321/functions/v1";

/**
 * A same-origin path for the public media bucket, rewritten onto Storage with
 * its query string kept. Uploaded media must never be sniffed into HTML or
 * script by a browser (it would run as a page of this origin); the production
 * host sets the same header.
 */
function storageProxy(prefix: string, target: string): ProxyOptions {
  const url = new URL(target);
  const base = url.pathname.replace(/\/$/, "");
  return {
    target: url.origin,
    changeOrigin: true,
    rewrite: (path) => `${base}${path.slice(prefix.length)}`,
    configure: (server) => {
      server.on("proxyRes", (response) => {
        response.headers["x-content-type-options"] = "nosniff";
      });
    },
  };
}

/**
 * `/api/*`, `/images/*` and `/renditions/*` are same-origin paths for the SPA.
 * In production the static host rewrites them (docs/deploy.md); in development
 * (and `vite preview`) this proxy does:
 *   /api/posts                  -> ${API_PROXY_TARGET}/api/posts
 *   /images/x.png               -> ${IMAGES_PROXY_TARGET}/x.png
 *   /renditions/x.png?width=300 -> ${RENDITIONS_PROXY_TARGET}/x.png?width=300 (Storage's image transformations)
 */
function proxy(env: Record<string, string>): Record<string, ProxyOptions> {
  const api = new URL(apiTarget(env));
  const apiBase = api.pathname.replace(/\/$/, "");
  return {
    "/api": {
      target: api.origin,
      changeOrigin: true,
      rewrite: (path) => `${apiBase}${path}`,
      // The dev proxy (http-proxy) breaks the browser's request (EPIPE) when
      // the upstream answers before the whole body arrived (a visitor's
      // upload: 401). It says who it is, and the local gateway then sends such
      // an answer once the body is in (local-stack/src/gateway.ts).
      headers: { "x-local-dev-proxy": "vite" },
    },
    "/images": storageProxy("/images", env.IMAGES_PROXY_TARGET || "http://127.0.0.1:54321/storage/v1/object/public/media"),
    "/renditions": storageProxy("/renditions", env.RENDITIONS_PROXY_TARGET || "http://127.0.0.1:54321/storage/v1/render/image/public/media"),
  };
}

export default defineConfig(({ mode }) => {
  // Server-side variables (no VITE_ prefix) for the proxy; process.env wins.
  const env = { ...loadEnv(mode, repoRoot, ""), ...(process.env as Record<string, string>) };
  return {
    plugins: [
      react(),
      // The server's build of the first screen, after the client's (vite/first-screen.ts).
      firstScreenBuild(),
      firstRequests({
        imageTransforms: (env.VITE_IMAGE_TRANSFORMS || "on").toLowerCase() !== "off",
        always: ["src/app/index.tsx"],
        lazyOnFirstScreen: ["src/components/markdown/markdown.tsx"],
        routes: {
          post: "src/app/routes/post.tsx",
          allPosts: "src/app/routes/all-posts.tsx",
          timeline: "src/app/routes/timeline.tsx",
          tags: "src/app/routes/tags.tsx",
          author: "src/app/routes/author.tsx",
        },
      }),
      // After firstRequests: the CSP hashes the inline scripts of the finished index.html.
      securityHeaders({ template: "_headers.template" }),
      // After securityHeaders: in preview, pages with a share card keep the headers it set.
      shareCards({ api: apiTarget(env) }),
      // SITE_URL, the site's public origin (as for the api function and deploy:check), names the sitemap.
      robotsTxtFile({ siteUrl: env.SITE_URL }),
    ],
    envDir: repoRoot,
    cacheDir: env.VITE_CACHE_DIR || undefined,
    resolve: {
      alias: {
        "@": fileURLToPath(new URL("./src", import.meta.url)),
        "@shared": fileURLToPath(new URL("../supabase/functions/_shared", import.meta.url)),
      },
    },
    server: {
      port: 5173,
      proxy: proxy(env),
      // `/@fs/<repo>/.local/...` must never hand out the local stack's
      // signing keys or Postgres files. Vite's `server.fs.deny` wins over `allow`
      // (see DEFAULT_FS_DENY / ensureServingAccess in vite's server code); the defaults
      // are kept and secrets and the stack's data directory are added.
      fs: {
        deny: [".env", ".env.*", "*.{crt,pem,key}", "**/.git/**", "**/.local/**", "**/*keys*.json", "**/supabase/.temp/**"],
      },
    },
    preview: { port: 5173, proxy: proxy(env) },
    build: {
      sourcemap: true,
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // React, the router and TanStack Query run on every page: as one
            // chunk rather than the seven the automatic split made of them, a
            // first load on a slow link waits for fewer round trips.
            groups: [
              // Vite's helper for dynamic imports, alone: the entry needs it, and in a chunk with React it
              // would evaluate React before a server-rendered page is first painted (src/main.tsx).
              { name: "preload-helper", test: /preload-helper/ },
              { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
              // Small modules of our own that the landing pages and the lazy
              // screens share (each was a 1 to 2 KB chunk of its own). Only
              // modules without heavy imports belong here: a group takes its
              // modules' static imports with it.
              { name: "shell", test: /web[\\/]src[\\/](config[\\/](env|paths)|components[\\/]ui[\\/](button|dialog)|lib[\\/](supabase|api-client|api-url|query-keys|post-fields-parse)|features[\\/]auth[\\/]hooks[\\/]use-session)\./ },
            ],
          },
        },
      },
    },
  };
});
