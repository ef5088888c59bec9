import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createServer, type ViteDevServer } from "vite";

// The dev server must refuse /@fs requests for the local stack's secrets.
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
let server: ViteDevServer;
let origin: string;

beforeAll(async () => {
  mkdirSync(`${repoRoot}.local/data`, { recursive: true });
  writeFileSync(`${repoRoot}.local/data/fs-deny-probe-keys.json`, '{"probe":"secret-probe"}');
  writeFileSync(`${repoRoot}.local/.env.fs-deny-probe`, "PROBE=secret-probe");
  server = await createServer({ configFile: `${repoRoot}web/vite.config.ts`, root: `${repoRoot}web`, server: { port: 0 }, logLevel: "silent" });
  await server.listen();
  const address = server.httpServer?.address();
  if (!address || typeof address === "string") throw new Error("no port");
  origin = `http://127.0.0.1:${address.port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(`${repoRoot}.local/data/fs-deny-probe-keys.json`, { force: true });
  rmSync(`${repoRoot}.local/.env.fs-deny-probe`, { force: true });
});

test.each([".local/data/fs-deny-probe-keys.json", ".local/.env.fs-deny-probe"])("/@fs/%s is refused", async (file) => {
  const response = await fetch(`${origin}/@fs${repoRoot}${file}`);
  expect(response.status).toBe(403);
  expect(await response.text()).not.toContain("secret-probe");
});

test("the app still loads", async () => {
  expect((await fetch(`${origin}/`)).status).toBe(200);
  expect((await fetch(`${origin}/src/app/index.tsx`)).status).toBe(200);
});
