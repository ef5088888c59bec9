import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Page } from "../support/playwright.ts";
import { headersForPath, parseHeadersFile, type HeaderRule } from "../../web/vite/security-headers.ts";
import { api, createMember, postForm, validPostFields } from "../support/api.ts";
import { openAdminPage } from "../support/browser-auth.ts";
import { testEnv } from "../support/env.ts";
import { file, pngImage } from "../support/media-fixtures.ts";
import { loadUntilShown, toHeadOfReviewQueue } from "../support/review-queue.ts";
import { watchCspViolations } from "../support/csp.ts";

// External images and security headers in the browser: the production build, served by
// `vite preview` with the headers of its dist/_headers (the file the static
// host gets), against the real stack. The other specs run on whatever SITE_URL
// serves (under `npm test` a build without analytics), so this file builds
// and serves its own copy with an analytics key in its policy.
// Only analytics and a third-party image host are stubbed.

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "web");
const ADMIN = { email: "admin@example.com", password: "archive-demo" };
const EXTERNAL_IMAGE = "https://images.example.org/csp-e2e.png";
const stamp = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

let outDir: string;
let preview: ChildProcess | undefined;
let origin: string;
let rules: HeaderRule[];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), "archive-csp-"));
  // With an analytics key, so the policy is tested with PostHog's hosts in it.
  const build = spawnSync("npx", ["vite", "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "error"], {
    cwd: web,
    encoding: "utf8",
    env: {
      ...process.env,
      VITE_SUPABASE_URL: testEnv.supabaseUrl,
      VITE_SUPABASE_ANON_KEY: testEnv.anonKey,
      VITE_POSTHOG_KEY: "phc_csp_e2e",
      VITE_POSTHOG_HOST: "https://us.i.posthog.com",
    },
  });
  expect(build.status, build.stderr).toBe(0);
  rules = parseHeadersFile(fs.readFileSync(path.join(outDir, "_headers"), "utf8"));

  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  preview = spawn("npx", ["vite", "preview", "--outDir", outDir, "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
    cwd: web,
    env: {
      ...process.env,
      API_PROXY_TARGET: `${testEnv.supabaseUrl}/functions/v1`,
      IMAGES_PROXY_TARGET: `${testEnv.supabaseUrl}/storage/v1/object/public/media`,
    },
    stdio: "ignore",
    detached: true,
  });
  await expect
    .poll(async () => (await fetch(`${origin}/`).catch(() => undefined))?.status, { timeout: 30_000 })
    .toBe(200);
});

test.afterAll(() => {
  if (preview?.pid && preview.exitCode === null) process.kill(-preview.pid, "SIGTERM");
  if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
});

/** Stubs the services outside the product and records what reached them. */
async function stubThirdParties(page: Page) {
  const seen = { analytics: 0, imageReferers: [] as (string | undefined)[] };
  await page.route(/posthog\.com/, (route) => {
    seen.analytics += 1;
    return route.fulfill({ status: 200, contentType: route.request().resourceType() === "script" ? "text/javascript" : "application/json", body: route.request().resourceType() === "script" ? "" : "{}" });
  });
  await page.route(EXTERNAL_IMAGE, (route) => {
    seen.imageReferers.push(route.request().headers().referer);
    return route.fulfill({ status: 200, contentType: "image/png", body: Buffer.from(pngImage(4, 4)) });
  });
  return seen;
}

test("the preview sends, for each kind of path, exactly the headers dist/_headers gives it", async () => {
  const member = await createMember({ lastName: "csp-headers" });
  const created = await api<{ id: number }>("POST", "/api/posts", {
    token: member.token,
    form: postForm({ ...validPostFields, title: `CSP headers ${stamp()}` }, [file(pngImage(6, 6), "csp.png", "image/png")]),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const own = await api<{ post: { media: { url: string }[] } }>("GET", `/api/posts/${created.body.id}`, { token: member.token });
  const imagePath = own.body.post.media[0].url;
  expect(imagePath).toMatch(/^\/images\//);

  const html = await (await fetch(`${origin}/`)).text();
  const entryScript = html.match(/<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/)![1];
  for (const pathname of ["/", "/posts/1", "/admin/review", entryScript, "/api/posts", imagePath]) {
    const response = await fetch(`${origin}${pathname}`);
    expect(response.status, pathname).toBe(200);
    const expected = headersForPath(rules, pathname);
    expect(expected.size, pathname).toBeGreaterThan(0);
    for (const [name, value] of expected) expect(response.headers.get(name), `${name} of ${pathname}`).toBe(value);
  }
  expect((await fetch(`${origin}${imagePath}`)).headers.get("x-content-type-options")).toBe("nosniff");

  // What the file says is the policy docs/security.md describes.
  const page = headersForPath(rules, "/");
  const csp = new Map(
    page
      .get("content-security-policy")!
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources] as const),
  );
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("script-src")).toContain("'self'");
  expect(csp.get("script-src")!.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2); // the theme before the first paint, and the first requests (the page's data and its chunks)
  expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
  expect(csp.get("script-src")).not.toContain("'unsafe-eval'");
  expect(csp.get("connect-src")).toEqual(["'self'", new URL(testEnv.supabaseUrl).origin, "https://*.posthog.com"]);
  expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:", "https:"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  expect(csp.get("form-action")).toEqual(["'self'"]);
  expect(page.get("x-content-type-options")).toBe("nosniff");
  expect(page.get("x-frame-options")).toBe("DENY");
  expect(page.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(page.get("permissions-policy")).toContain("camera=()");
});

test("the policy is enforced: an injected inline script does not run and is reported", async ({ page }) => {
  const violations = await watchCspViolations(page);
  await stubThirdParties(page);
  await page.goto(`${origin}/contact`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // An inline script runs as it is appended, if it runs at all.
  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.injectedRan = true";
    document.head.append(script);
    return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
  });
  expect(ran).toBe(false);
  // The report is an event the browser fires afterwards.
  await expect.poll(() => violations.some((text) => text.startsWith("script-src-elem blocked inline"))).toBe(true);
});

test("home, the review panel (with an external image shown on click) and the post page run without a CSP violation", async ({ page }) => {
  const violations = await watchCspViolations(page);
  const seen = await stubThirdParties(page);
  const title = `CSP review ${stamp()}`;
  const member = await createMember({ lastName: "csp-review" });
  const created = await api<{ id: number }>("POST", "/api/posts", {
    token: member.token,
    form: postForm(
      { ...validPostFields, title, content: `Before the picture.\n\n![A tracking pixel](${EXTERNAL_IMAGE})\n\nAfter **${title}**.` },
      [file(pngImage(6, 6), "csp-review.png", "image/png")],
    ),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await toHeadOfReviewQueue(title);

  await page.goto(`${origin}/`);
  await expect(page.getByRole("heading", { level: 2, name: "Recent News" })).toBeVisible();

  // Signing in: the modal's form (zod) and Auth on the Supabase URL.
  await page.getByRole("banner").getByRole("button", { name: "Log in", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Log in", exact: true });
  await dialog.getByLabel("E-mail").fill(ADMIN.email);
  await dialog.getByLabel("Password").fill(ADMIN.password);
  await dialog.getByRole("button", { name: "Log in", exact: true }).click();
  await expect(dialog).toBeHidden();

  await openAdminPage(page, "Review");
  const card = await loadUntilShown(page, page.getByRole("article", { name: title }));
  await card.getByRole("button", { name: "Show details" }).click();
  await expect(card.getByText("Before the picture.", { exact: true })).toBeVisible();
  await expect(card.getByRole("img", { name: /^Image / })).toBeVisible(); // our own /images
  const show = card.getByRole("button", { name: /External image from images\.example\.org – show/ });
  await expect(show).toBeVisible();
  await expect(card.locator(`img[src="${EXTERNAL_IMAGE}"]`)).toHaveCount(0);
  expect(seen.imageReferers).toEqual([]);
  await show.click();
  await expect(card.getByRole("img", { name: "A tracking pixel" })).toBeVisible();
  await expect.poll(() => seen.imageReferers.length).toBeGreaterThan(0);

  await card.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Post approved successfully!" })).toBeVisible();

  await page.goto(`${origin}/posts/${created.body.id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const picture = page.getByRole("img", { name: "A tracking pixel" });
  await picture.scrollIntoViewIfNeeded();
  await expect(picture).toHaveJSProperty("complete", true);
  expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(4);

  expect(seen.analytics).toBeGreaterThan(0);
  expect(seen.imageReferers.every((referer) => referer === undefined)).toBe(true);
  expect(violations).toEqual([]);
});
