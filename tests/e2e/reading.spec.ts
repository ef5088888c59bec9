import { expect, test } from "../support/playwright.ts";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { expectNoSeriousAxeViolations } from "../support/axe.ts";
import { api, createMember, type SignedInUser } from "../support/api.ts";

// A visitor reads the archive. Nothing of the product's backend is mocked: the
// data each test relies on is created here (other spec files change the seed).

const run = `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const tag = `reading-${run}`;
const longContent =
  `## Setlist notes ${run}\n\n` +
  "The opening night ran long, and the encore had three songs nobody expected from a band this early in its tour; " +
  "the crowd sang every word of them.\n\n" +
  "| Song | Minutes |\n|---|---|\n| Paper Lanterns | 4 |\n| Northbound | 6 |\n\n" +
  "- first item\n- second item\n\n" +
  "[bad link](javascript:alert(1)) <script>window.__xss = 1</script>";

let author: SignedInUser;
const ids = { main: 0, older: 0, nsfw: 0, firstComment: 0, secondComment: 0, reply: 0 };

test.beforeAll(async () => {
  author = await createMember({ lastName: "reading" });
  ids.main = await createPost(author, {
    title: `007 Reading today ${run}`,
    excerpt: `Today's excerpt ${run}`,
    content: longContent,
    tags: [tag, "alpha", "beta", "gamma", "delta"],
    postType: "event",
    eventTimestamp: new Date().toISOString().slice(0, 10) + "T00:00:00Z",
    createdAt: new Date().toISOString(),
  });
  ids.older = await createPost(author, {
    title: `Reading older ${run}`,
    excerpt: "An older one",
    content: "Older content",
    tags: [tag],
    createdAt: "2021-03-04T12:00:00Z",
  });
  ids.nsfw = await createPost(author, {
    title: `Reading sensitive ${run}`,
    excerpt: "Sensitive excerpt",
    content: `Hidden words ${run}`,
    isNsfw: true,
    createdAt: "2021-03-05T12:00:00Z",
  });
  await sql`update public.posts set citations = ${"Interview, page 4\nhttps://example.com/source"} where id = ${ids.main}`;
  await sql`insert into public.post_media (post_id, object_path, media_type, position)
            values (${ids.main}, 'alex-rivera-stage.jpg', 'image', 0), (${ids.main}, 'podcast-studio.jpg', 'image', 1)`;
  await sql`insert into public.info_boxes (post_id, title, content, position)
            values (${ids.main}, 'Concert facts', ${sql.json({ Venue: "Harbour Hall", Doors: "18:30" })}, 0)`;
  const comment = async (content: string, ageMinutes: number, parentId: number | null = null) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.comments (post_id, parent_id, author_id, content, created_at)
      values (${ids.main}, ${parentId}, ${author.id}, ${content}, now() - make_interval(mins => ${ageMinutes}))
      returning id`;
    return Number(row.id);
  };
  ids.firstComment = await comment("First comment, older but liked", 60);
  ids.secondComment = await comment("Second comment, newer", 10);
  ids.reply = await comment("A reply to the first", 5, ids.firstComment);
  const voter = await createMember({ lastName: "reading-voter" });
  const vote = await api("POST", `/api/comments/${ids.firstComment}/vote`, { token: voter.token, json: { voteType: "up" } });
  expect(vote.status).toBeLessThan(300);
});

test.beforeEach(async ({ page }) => {
  // Only analytics may be stubbed.
  await page.route(/posthog\.com/, (route) => route.fulfill({ status: 204, body: "" }));
});

test("home: today's date, BROWSE ALL POSTS and the three columns with today's post", async ({ page }) => {
  await page.goto("/");
  const longDate = await page.evaluate(() =>
    new Date().toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric" }),
  );
  await expect(page.getByText(longDate)).toBeVisible();
  await expect(page.getByRole("link", { name: "BROWSE ALL POSTS" })).toHaveAttribute("href", "/posts/all");
  for (const name of ["Recent News", "Pinned Post", "Important Updates"]) {
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  const recent = page.getByRole("region", { name: "Recent News" });
  const card = recent.getByTestId("recent-post").filter({ hasText: run });
  await expect(card).toHaveCount(1);
  // Leading zeros stripped from the title.
  await expect(card.getByRole("link", { name: `7 Reading today ${run}` })).toHaveAttribute("href", `/posts/${ids.main}`);
  await expect(card.getByText(`Today's excerpt ${run}`)).toBeVisible();
  await expect(card.getByText("By Test reading")).toBeVisible();
  await expect(card.getByText("Event", { exact: true })).toBeVisible();
  await expect(card.getByTestId("score")).toContainText("0");
  await expect(card.getByRole("link", { name: /3 comments/ })).toHaveAttribute("href", `/posts/${ids.main}#comments`);
  // Up to 3 tags.
  await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveCount(3);
  // The older post is not "today".
  await expect(recent.getByText(`Reading older ${run}`)).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test("home: 'Show more of today's posts' brings the rest of today's posts into Recent News, a page at a time", async ({ page }) => {
  // 25 of today's posts, older than the run's others, so most of them are past the first 20 Home shows.
  const base = Date.now() - 5 * 60_000;
  for (let i = 0; i < 25; i++) {
    // Not tagged with the run's tag: the all-posts test counts the posts that have it.
    await createPost(author, { title: `More today ${i} ${run}`, tags: [`more-${run}`], createdAt: new Date(base - i * 1000).toISOString() });
  }
  await page.goto("/");
  const recent = page.getByRole("region", { name: "Recent News" });
  const ours = (i: number) => recent.getByTestId("recent-post").filter({ hasText: `More today ${i} ${run}` });
  // A page holds 20 of today's posts; one fewer when another file pinned one of them (it shows as the Pinned Post).
  await expect(recent.getByTestId("recent-post").first()).toBeVisible();
  expect(await recent.getByTestId("recent-post").count()).toBeGreaterThanOrEqual(19);
  expect(await recent.getByTestId("recent-post").count()).toBeLessThanOrEqual(20);
  await expect(ours(24)).toHaveCount(0);
  const showMore = recent.getByRole("button", { name: "Show more of today's posts" });
  for (let pages = 0; (await ours(24).count()) === 0; pages++) {
    expect(pages, "pages of today's posts before the oldest of ours").toBeLessThan(50);
    const shown = await recent.getByTestId("recent-post").count();
    await showMore.click();
    await expect(recent.getByTestId("recent-post")).not.toHaveCount(shown);
  }
  // Each once, newest first, linked to its post.
  for (let i = 0; i < 25; i++) await expect(ours(i)).toHaveCount(1);
  const titles = await recent.getByTestId("recent-post").filter({ hasText: run }).getByRole("link", { name: /^More today/ }).allInnerTexts();
  expect(titles).toEqual(Array.from({ length: 25 }, (_, i) => `More today ${i} ${run}`));
  await expectNoSeriousAxeViolations(page);
});

// The timeline test's own month: a year no other spec file uses. It holds
// more than two of the timeline's pages (30 entries each), so a page opened
// there has more to load however many posts other files left elsewhere.
const timelineMonth = "1931-06";
const timelineFillers = 70;

test("timeline: grouped by date, newest first, 150-character excerpts, 3 tags and +N", async ({ page }) => {
  const timelineId = await createPost(author, {
    title: `7 Reading timeline ${run}`,
    excerpt:
      `The setlist of ${run}, song by song: the opening night ran long, and the encore had three songs nobody expected ` +
      "from a band this early in its tour, then stayed to sign records for everyone who waited.",
    content: longContent,
    tags: [`timeline-${run}`, "alpha", "beta", "gamma", "delta"],
    postType: "event",
    eventTimestamp: `${timelineMonth}-28T12:00:00Z`,
  });
  await Promise.all(
    Array.from({ length: timelineFillers }, (_, i) =>
      createPost(author, {
        title: `Timeline filler ${i} ${run}`,
        tags: [`filler-${run}`],
        createdAt: `${timelineMonth}-${String(27 - (i % 27)).padStart(2, "0")}T12:00:00Z`,
      }),
    ),
  );

  // A shared link to the month opens the timeline there.
  await page.goto(`/timeline#${timelineMonth}`);
  await expect(page.getByRole("heading", { level: 1, name: "Timeline" })).toBeVisible();
  const entry = page.getByTestId("timeline-entry").filter({ hasText: `7 Reading timeline ${run}` });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole("link", { name: `7 Reading timeline ${run}` })).toHaveAttribute("href", `/posts/${timelineId}`);
  const excerpt = await entry.locator("p").filter({ hasText: "…" }).innerText();
  expect(excerpt.endsWith("…")).toBe(true);
  expect(excerpt.length).toBe(151);
  // The author's excerpt, not the content's opening heading.
  expect(excerpt.startsWith(`The setlist of ${run}, song by song: the opening night ran long`)).toBe(true);
  const tags = entry.getByRole("list", { name: "Tags" });
  await expect(tags.getByRole("listitem")).toHaveText([`timeline-${run}`, "alpha", "beta", "+2"]);

  const headings = await page.getByTestId("timeline-group").locator("h3 time").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("datetime") ?? ""));
  expect(headings.length).toBeGreaterThan(1);
  expect([...headings].sort().reverse()).toEqual(headings);
  await expectNoSeriousAxeViolations(page);

  // More pages load as the reader scrolls (or presses Load more)...
  const entries = page.getByTestId("timeline-entry");
  const shown = await entries.count();
  // Scrolled by the page itself: a wheel event waits for the renderer to take it, which a loaded CI host once kept for the whole test's minute.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(entries).not.toHaveCount(shown);
  // ...and the index opens it at another month, however many posts came since.
  await page.getByRole("navigation", { name: "Timeline index" }).getByRole("link", { name: "Mar 2021" }).click();
  await expect(page.getByRole("link", { name: `Reading older ${run}` })).toBeVisible();
});

test("all posts: tag filter in the URL survives reload; cards, sort, search and the empty text", async ({ page }) => {
  await page.goto("/posts/all");
  await expect(page.getByRole("heading", { level: 1, name: "All posts" })).toBeVisible();
  await page.getByRole("textbox", { name: "Tags" }).fill(`  ${tag.toUpperCase()}  `);
  await page.getByRole("textbox", { name: "Tags" }).press("Enter");
  await expect(page).toHaveURL(new RegExp(`tags=${tag}`));
  const chips = page.getByRole("list", { name: "Tag filters" });
  await expect(chips.getByRole("listitem")).toHaveCount(1);
  // De-duplicated.
  await page.getByRole("textbox", { name: "Tags" }).fill(tag);
  await page.getByRole("textbox", { name: "Tags" }).press("Enter");
  await expect(chips.getByRole("listitem")).toHaveCount(1);

  const cards = page.getByTestId("post-card");
  await expect(cards).toHaveCount(2);
  const main = cards.filter({ hasText: `7 Reading today ${run}` });
  await expect(main.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([tag, "alpha", "beta", "gamma", "+1 more"]);
  await expect(page.getByTestId("post-group")).toHaveCount(2);

  await page.reload();
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole("list", { name: "Tag filters" }).getByRole("listitem")).toHaveCount(1);

  await page.getByLabel("Sort by").selectOption("oldest");
  await expect(page).toHaveURL(/sort=oldest/);
  await expect(cards.first()).toContainText(`Reading older ${run}`);
  await page.getByLabel("Sort by").selectOption("most_upvotes");
  await expect(page).toHaveURL(/sort=most_upvotes/);
  await expect(cards).toHaveCount(2);
  await expect(page.getByTestId("post-group")).toHaveCount(0);

  await page.getByRole("main").getByLabel("Search").fill(`nothing-matches-${run}`);
  await expect(page.getByText("No posts found for the selected filters.")).toBeVisible();
  await expect(page).toHaveURL(/search=nothing-matches/);
  await page.reload();
  await expect(page.getByText("No posts found for the selected filters.")).toBeVisible();
  await expect(page.getByRole("main").getByLabel("Search")).toHaveValue(`nothing-matches-${run}`);
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("main").getByLabel("Search").fill("");
  // Removed before the search's pause is over: both changes stick.
  await page.getByRole("button", { name: `Remove tag ${tag}` }).click();
  await expect(page).toHaveURL(/\/posts\/all\?sort=most_upvotes$/);
});

test("post detail: media, markdown rendered safely, references, categories, info boxes, meta tags", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto(`/posts/all?tags=${tag}`);
  await page.getByRole("link", { name: `7 Reading today ${run}` }).click();
  await expect(page).toHaveURL(`/posts/${ids.main}`);
  await expect(page.getByRole("heading", { level: 1, name: `7 Reading today ${run}` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^7 Reading today ${run}`));
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", `7 Reading today ${run}`);
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute("content", `Today's excerpt ${run}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/images\/alex-rivera-stage\.jpg$/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");

  // Event at exactly midnight: the time is unknown.
  await expect(page.getByText("(time unknown)")).toBeVisible();
  // Gallery of two images.
  const gallery = page.getByRole("region", { name: "Media gallery" });
  await expect(gallery.getByRole("img", { name: /1 of 2/ })).toBeVisible();
  await gallery.getByRole("button", { name: "Show image 2 of 2" }).click();
  // Its file at the width the page needs (a rendition; the row has no stored size, so every width is offered).
  await expect(gallery.getByRole("img", { name: /2 of 2/ })).toHaveAttribute("src", "/renditions/podcast-studio.jpg?width=640&quality=75");

  await expect(page.getByText(`Today's excerpt ${run}`).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: `Setlist notes ${run}` })).toBeVisible();
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Northbound" })).toBeVisible();
  const bad = page.getByText("bad link");
  expect((await bad.getAttribute("href")) ?? "").not.toMatch(/javascript/i);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

  // The written references; the addresses they cite follow in a list of their own once checked.
  const references = page.getByRole("region", { name: "References" }).getByRole("list").first();
  await expect(references.getByRole("listitem")).toHaveCount(2);
  await expect(references.getByRole("link", { name: "https://example.com/source" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Categories" }).getByRole("listitem")).toHaveCount(5);
  const info = page.getByRole("complementary", { name: "Information" });
  await expect(info.getByRole("heading", { name: "Concert facts" })).toBeVisible();
  await expect(info.getByText("Harbour Hall")).toBeVisible();

  await expect(page.getByRole("link", { name: "3 comments" })).toHaveAttribute("href", "#comments");

  await expectNoSeriousAxeViolations(page);

  // No Web Share API in headless Chromium: the link is copied, with a confirmation.
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("Link copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/posts/${ids.main}$`));

  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(new RegExp(`/posts/all\\?tags=${tag}$`));
});

test("post detail: comments sorted newest or top, replies under their parent", async ({ page }) => {
  await page.goto(`/posts/${ids.main}#comments`);
  const section = page.locator("#comments");
  await expect(section.getByRole("heading", { name: /Comments/ })).toBeVisible();
  const topLevel = section.getByTestId("comment");
  await expect(topLevel).toHaveCount(2);
  await expect(topLevel.first()).toContainText("Second comment, newer");
  const thread = section.locator("li").filter({ has: page.getByText("First comment, older but liked") }).first();
  await expect(thread.getByTestId("reply")).toContainText("A reply to the first");

  await section.getByLabel("Sort comments").selectOption("top");
  await expect(topLevel.first()).toContainText("First comment, older but liked");
});

test("post detail: a long thread shows 30 comments, 'Show more comments' the rest, and a link to a later one loads it", async ({ page }) => {
  const busy = await createPost(author, { title: `A busy thread ${run}`, tags: [`busy-${run}`] });
  const start = Date.now() - 3_600_000;
  const first = await createComment(author, busy, { content: `Opening comment ${run}`, createdAt: new Date(start).toISOString() });
  // 59 replies to it, oldest first after it: the thread runs past the first page.
  const replies: number[] = [];
  for (let i = 1; i <= 59; i++) {
    replies.push(await createComment(author, busy, { content: `Reply ${i} ${run}`, parentId: first, createdAt: new Date(start + i * 1000).toISOString() }));
  }
  await page.goto(`/posts/${busy}`);
  const section = page.locator("#comments");
  await expect(section.getByRole("heading", { name: "Comments (60)" })).toBeVisible();
  await expect(section.getByTestId("reply")).toHaveCount(29);
  await section.getByRole("button", { name: "Show more comments" }).click();
  await expect(section.getByTestId("reply")).toHaveCount(59);
  await expect(section.getByTestId("reply").last()).toContainText(`Reply 59 ${run}`);
  await expect(section.getByRole("button", { name: "Show more comments" })).toHaveCount(0);

  // A notification's link to the last reply: its page is asked for until it is there.
  await page.goto(`/posts/${busy}#comment-${replies[58]}`);
  await expect(page.locator(`#comment-${replies[58]}`)).toBeInViewport();
});

test("post detail: an empty comment list shows its text", async ({ page }) => {
  await page.goto(`/posts/${ids.older}`);
  await expect(page.getByText("No comments yet. Be the first to start the conversation!")).toBeVisible();
});

test("NSFW posts stay hidden until the warning is acknowledged", async ({ page }) => {
  await page.goto(`/posts/${ids.nsfw}`);
  await expect(page.getByRole("heading", { level: 1, name: `Reading sensitive ${run}` })).toBeVisible();
  await expect(page.getByText(`Hidden words ${run}`)).toHaveCount(0);
  const cont = page.getByRole("button", { name: "Continue" });
  await expect(cont).toBeDisabled();
  await page.getByLabel("I understand and wish to continue").check();
  await cont.click();
  await expect(page.getByText(`Hidden words ${run}`)).toBeVisible();
  await expect(page.getByText("No comments yet. Be the first to start the conversation!")).toBeVisible();
});

test("an unknown post shows 'Post not found' with Back to Home", async ({ page }) => {
  await page.goto("/posts/999999999");
  await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("contact, terms and privacy pages", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact" })).toBeVisible();
  await expect(page.getByRole("link", { name: "hello@example.com" })).toHaveAttribute("href", "mailto:hello@example.com");
  await expect(page.getByRole("link", { name: "moderation@example.com" }).first()).toHaveAttribute("href", "mailto:moderation@example.com");
  await expect(page.getByText("24-48 hours").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "How do I create an account?" })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole("main").getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await expect(page.getByText("Effective date: June 24, 2025")).toBeVisible();
  await expect(page.getByText(/18 years of age or older/)).toBeVisible();
  await expect(page.getByText(/laws of the United States/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await expect(page.getByText(/do not sell/)).toBeVisible();
  await expect(page.getByText(/admins and moderators/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
