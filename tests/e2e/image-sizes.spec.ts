import { expect, test, type Page } from "../support/playwright.ts";
import { api, createMember, postForm, validPostFields } from "../support/api.ts";
import { sql } from "../support/database.ts";
import { file, orientedJpeg, pngImage } from "../support/media-fixtures.ts";

// A post with an uploaded phone photo: its images carry the size stored at
// upload and renditions for their slot, the first is fetched first, and the
// page does not move while they load. (The renditions' bytes are the image
// transformations' business; this checks what the page asks for.)

let postId = 0;

test.beforeAll(async () => {
  const author = await createMember({ lastName: "image-sizes" });
  const created = await api("POST", "/api/posts", {
    token: author.token,
    form: postForm({ ...validPostFields, title: "A photo turned by its EXIF" }, [
      // 640×360 as stored, shown a quarter turned: 360×640.
      file(orientedJpeg("alex-rivera-stage.jpg", 6), "phone.jpg", "image/jpeg"),
      file(pngImage(1200, 800), "wide.png", "image/png"),
    ]),
  });
  expect(created.status).toBe(201);
  postId = created.body.id;
  await sql`update public.posts set status = 'approved', reviewed_at = now() where id = ${postId}`;
});

test.beforeEach(async ({ page }) => {
  // Only analytics may be stubbed.
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
  // Every layout shift not caused by input, from the page's first paint on.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
});

/** Waits until every image on the page has loaded or failed, then sums the layout shifts. */
async function layoutShiftOnceImagesSettled(page: Page): Promise<number> {
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
}

for (const width of [360, 1280]) {
  test(`the post page's images carry their size and renditions, the first fetched first, and nothing shifts (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/posts/${postId}`);
    const shown = page.getByRole("img", { name: /A photo turned by its EXIF \(1 of 2\)/ });
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute("width", "360");
    await expect(shown).toHaveAttribute("height", "640");
    await expect(shown).toHaveAttribute("fetchpriority", "high");
    await expect(shown).toHaveAttribute("loading", "eager");
    const path = (await shown.getAttribute("srcset"))?.match(/^\/renditions\/([^?]+)\?width=320&quality=75 320w/)?.[1];
    expect(path).toMatch(/\.jpg$/);
    // Never wider than the original: 320 and the photo's own 360.
    await expect(shown).toHaveAttribute("srcset", `/renditions/${path}?width=320&quality=75 320w, /renditions/${path}?width=360&quality=75 360w`);
    await expect(shown).toHaveAttribute("sizes", /46rem/);

    const strip = page.getByRole("button", { name: "Show image 2 of 2" }).locator("img");
    await expect(strip).toHaveAttribute("width", "1200");
    await expect(strip).toHaveAttribute("height", "800");
    await expect(strip).toHaveAttribute("loading", "lazy");
    await expect(strip).not.toHaveAttribute("fetchpriority", "high");
    await expect(strip).toHaveAttribute("srcset", /\/renditions\/[^ ]+\.png\?width=1200&quality=75 1200w$/);

    expect(await layoutShiftOnceImagesSettled(page)).toBeLessThanOrEqual(0.05);
  });
}
