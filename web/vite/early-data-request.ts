import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import type { Plugin } from "vite";
import type { EarlyRequestOptions } from "../src/app/early-requests.ts";
import { withScriptBeforeStylesheets } from "./inline-script.ts";

const webRoot = fileURLToPath(new URL("..", import.meta.url));

/**
 * The inline script: src/app/early-requests.ts (the fetchers' own address
 * builders, imageSources for a post's first image) bundled into one ES2017
 * function that starts the page's first data requests. ES2017 is what every
 * browser that runs our module bundle runs.
 */
export function earlyDataRequestScript(options: EarlyRequestOptions): string {
  const { outputFiles } = buildSync({
    stdin: {
      contents: `import { startEarlyRequests } from "./src/app/early-requests.ts";\nstartEarlyRequests(${JSON.stringify(options)});`,
      resolveDir: webRoot,
      loader: "ts",
    },
    tsconfig: `${webRoot}tsconfig.json`,
    bundle: true,
    write: false,
    format: "iife",
    target: "es2017",
    minify: true,
    legalComments: "none",
  });
  return outputFiles[0].text.trim();
}

/**
 * Adds the early data request to index.html, in development and in the build
 * (where the CSP hashes it, see security-headers.ts), before the stylesheets
 * so the requests do not wait for them.
 */
export function earlyDataRequest(options: EarlyRequestOptions): Plugin {
  return {
    name: "early-data-request",
    transformIndexHtml: { order: "post", handler: (html) => withScriptBeforeStylesheets(html, earlyDataRequestScript(options)) },
  };
}
