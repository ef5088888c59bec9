// ESLint flat config for the whole repository.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = path.dirname(fileURLToPath(import.meta.url));
const folders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders("web/src/features");
// Every other folder of web/src is shared code (components, config, hooks, lib, styles, testing, types).
const sharedLayers = folders("web/src").filter((folder) => folder !== "features" && folder !== "app");

/**
 * Architecture of the SPA (bulletproof-react): imports flow
 *   shared (every other folder of web/src) -> features -> app.
 * A feature never imports another feature (compose them in `app/`), and the
 * shared layers never import features or the app. The zones are read from the
 * folders, so they name only layers that exist.
 */
const layerZones = [
  // One zone per feature: web/src/features/X may not import web/src/features/Y.
  ...features.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: "./web/src/features",
    except: [`./${feature}`],
    message: "A feature must not import another feature; compose features in web/src/app instead.",
  })),
  // Features may not import the app layer.
  { target: "./web/src/features", from: "./web/src/app", message: "Features must not import from web/src/app." },
  // Shared layers may import neither features nor the app.
  ...sharedLayers.map((layer) => ({
    target: `./web/src/${layer}`,
    from: ["./web/src/features", "./web/src/app"],
    message: `web/src/${layer} is shared code: it must not import from features or app.`,
  })),
];

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/dist-server/**",
      ".local/**",
      "supabase/functions/**",
      "playwright-report/**",
      "test-results/**",
      "coverage/**",
      "web/eslint-import-resolver.cjs",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: {
      globals: { ...globals.browser },
    },
    plugins: {
      "react-hooks": reactHooks,
      import: importPlugin,
    },
    settings: {
      "import/resolver": { [path.join(root, "web/eslint-import-resolver.cjs")]: {} },
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "import/no-restricted-paths": ["error", { basePath: root, zones: layerZones }],
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "react-router-dom", message: "Use react-router (v7)." },
            { name: "zod", message: "Import z from @/lib/zod: it turns off zod's eval probe, which the CSP reports." },
          ],
        },
      ],
    },
  },
  {
    files: ["web/src/lib/zod.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [{ name: "react-router-dom", message: "Use react-router (v7)." }] }],
    },
  },
  {
    files: ["web/src/**/*.test.{ts,tsx}", "web/src/testing/**"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    // Integration tests read JSON answers of the API whose shape is what they assert.
    files: ["tests/api/**/*.ts", "tests/support/api.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
