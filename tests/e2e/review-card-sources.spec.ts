import { expect, test } from "@playwright/test";
import { api, createMember, postForm, validPostFields } from "../support/api.ts";
import { logIn } from "../support/browser-auth.ts";
import { sql } from "../support/database.ts";
import { loadUntilShown, toHeadOfReviewQueue } from "../support/review-queue.ts";

// A fresh submission's review card counts the references it cites from the
// moment it is submitted, not only once the sources' jobs have run.

const ADMIN = { email: "admin@example.com", password: "archive-demo" };
const widths = [{ width: 360, height: 740 }, { width: 1280, height: 800 }];

test("a fresh submission's review card counts its two references as not yet checked", async ({ page }) => {
  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const title = `E2E fresh sources ${run}`;
  const references = [`https://fresh-a-${run}.example/one`, `https://fresh-b-${run}.example/two`];
  const member = await createMember({ lastName: "e2e-fresh-sources" });
  const created = await api<{ id: number }>("POST", "/api/posts", {
    token: member.token,
    form: postForm({ ...validPostFields, title, citations: references.join("\n") }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  // Sources exist as the submission answers; their first checks wait, so the card reads as a reviewer sees it before any check.
  const sources = await sql`select id from public.sources where url = any(${references})`;
  expect(sources).toHaveLength(2);
  await sql`update private.source_jobs set run_at = now() + interval '1 hour' where source_id = any(${sources.map((row) => row.id)})`;
  await toHeadOfReviewQueue(title);

  await logIn(page, ADMIN.email, ADMIN.password);
  for (const viewport of widths) {
    await page.setViewportSize(viewport);
    await page.goto("/admin/review");
    const card = await loadUntilShown(page, page.getByRole("article", { name: title }));
    await expect(card.getByTestId("source-summary")).toHaveText("2 sources: not yet checked");
  }
});
