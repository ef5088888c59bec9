/**
 * Sources checked and preserved by the jobs behind POST /api/jobs/sources,
 * against a fake site on loopback (sources-fake-site.ts) and the local
 * stack's Wayback Machine stand-in: the check rules, the refusals that keep
 * the checker off private addresses (no request ever reaches them), the
 * politeness rules, and the captures recorded when a source is first cited.
 * Only this file starts the fake site (it has one port).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { createMember, type SignedInUser } from "../support/api.ts";
import { startFakeSite, type FakeSite } from "./sources-fake-site.ts";
import { checkedSources, drainUntil, jobsOfSource, makeCheckDue, sourceRow } from "./sources-jobs.ts";

let site: FakeSite;
let author: SignedInUser;

beforeAll(async () => {
  site = await startFakeSite();
  author = await createMember();
});

afterAll(async () => {
  await site?.close();
});

/** A post citing `urls` in its references. */
const citing = (urls: string[]) => createPost(author, { citations: urls.join(" ; "), content: "Nothing linked here." });

const waybackUrl = () => {
  const url = process.env.WAYBACK_STAND_IN_URL;
  if (!url) throw new Error("WAYBACK_STAND_IN_URL is not set: export the stack's variables (npm run --silent stack:env)");
  return url;
};

describe("checking", () => {
  it("finds a page alive, moved for good (with where), or alive behind a temporary redirect; reads no more than 1 MB", async () => {
    const [ok, old, temporary, huge] = ["/ok", "/old", "/temporary", "/huge"].map((path) => site.url(path));
    await citing([ok, old, temporary, huge]);
    const rows = await checkedSources([ok, old, temporary, huge]);
    expect(rows.get(ok)).toMatchObject({ state: "alive", moved_to: null, consecutive_failures: 0 });
    expect(rows.get(old)).toMatchObject({ state: "moved", moved_to: site.url("/new-home") });
    expect(rows.get(temporary)).toMatchObject({ state: "alive", moved_to: null });
    expect(rows.get(huge)).toMatchObject({ state: "alive" });
    expect(site.hugeBytesSent()).toBeLessThan(site.hugeTotalBytes);
  }, 90_000);

  it("calls a source dead only after two failures in a row; a timeout is a failure", async () => {
    const [gone, slow] = [site.url("/gone"), site.url("/slow")];
    await citing([gone, slow]);
    const first = await checkedSources([gone, slow]);
    expect(first.get(gone)).toMatchObject({ state: "unchecked", consecutive_failures: 1 });
    expect(first.get(slow)).toMatchObject({ state: "unchecked", consecutive_failures: 1 });

    await makeCheckDue(first.get(gone)!.id);
    const second = await drainUntil(() => sourceRow(gone), (row) => row?.consecutive_failures === 2);
    expect(second).toMatchObject({ state: "dead", consecutive_failures: 2 });
  }, 90_000);

  it("leaves uncheckable what robots.txt forbids (without fetching it) and a site that turns robots away", async () => {
    const [forbidden, blocked] = [site.url("/private/page"), site.url("/blocked")];
    await citing([forbidden, blocked]);
    const rows = await checkedSources([forbidden, blocked]);
    expect(rows.get(forbidden)?.state).toBe("uncheckable");
    expect(rows.get(blocked)?.state).toBe("uncheckable");
    expect(site.requests.map((request) => request.path)).not.toContain("/private/page");
  }, 90_000);

  it("asks politely: a User-Agent naming the site and its contact page, and at most one request a second to a host", () => {
    expect(site.requests.length).toBeGreaterThan(3);
    for (const request of site.requests) expect(request.userAgent).toMatch(/ArchiveLinkChecker\/1\.0; \+http[^;]+; http[^)]+\/contact\)/);
    const gaps = site.requests.slice(1).map((request, i) => request.at - site.requests[i].at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(900);
  });
});

describe("no request to a private address", () => {
  it("refuses redirects to loopback (v4 and v4-mapped v6) and to the metadata address, and private URLs themselves", async () => {
    const hitsBefore = site.forbiddenHits();
    const urls = [
      site.url("/to-loopback"),
      site.url("/to-mapped-loopback"),
      site.url("/to-metadata"),
      `http://169.254.169.254/latest/meta-data/?run=${Date.now()}`,
      `http://10.0.0.1/?run=${Date.now()}`,
      `http://[::1]:${new URL(site.url("/")).port}/ok?run=${Date.now()}`,
      `http://127.0.0.1:${new URL(site.url("/")).port}/ok?run=${Date.now()}`,
      `http://localhost:${new URL(process.env.SUPABASE_URL!).port}/functions/v1/api/health?run=${Date.now()}`,
    ];
    await citing(urls);
    const rows = await checkedSources(urls);
    for (const url of urls) expect(rows.get(url)?.state, url).toBe("uncheckable");
    expect(site.forbiddenHits()).toBe(hitsBefore);
  }, 90_000);

  it("refuses IPv6 forms of private IPv4 addresses: IPv4-compatible, NAT64, 6to4, at once or after a redirect", async () => {
    const hitsBefore = site.forbiddenHits();
    const port = new URL(site.url("/")).port;
    const run = Date.now();
    // As extraction keeps them: the URL parser writes [::127.0.0.1] as [::7f00:1].
    const urls = [
      site.url("/to-compatible-loopback"),
      `http://[::7f00:1]:${port}/ok?run=${run}`,
      `http://[64:ff9b::a9fe:a9fe]/latest/meta-data/?run=${run}`,
      `http://[2002:a9fe:a9fe::1]/latest/meta-data/?run=${run}`,
    ];
    await citing(urls);
    const rows = await checkedSources(urls);
    for (const url of urls) expect(rows.get(url), url).toMatchObject({ state: "uncheckable", consecutive_failures: 0 });
    expect(site.forbiddenHits()).toBe(hitsBefore);
  }, 90_000);
});

describe("preservation", () => {
  it("requests a capture when the Wayback Machine has none, follows it, and records it", async () => {
    const url = site.url("/ok") + "&preserve=none";
    await citing([url]);
    const requested = await drainUntil(() => sourceRow(url), (row) => Boolean(row));
    // Save Page Now's job is followed after a pause; it is due at once here.
    await drainUntil(async () => {
      await sql`update private.source_jobs set run_at = now() where source_id = ${requested!.id} and kind = 'preserve'`;
      return sourceRow(url);
    }, (row) => Boolean(row?.archived_at));
    const row = await sourceRow(url);
    expect(Date.now() - row!.archived_at!.getTime()).toBeLessThan(5 * 60_000);
    expect(row!.archived_url).toMatch(new RegExp(`^${waybackUrl()}/web/\\d{14}/${url.replace(/[.?&]/g, "\\$&")}$`));
    const capture = await fetch(row!.archived_url!);
    expect(capture.status).toBe(200);
    expect(await jobsOfSource(row!.id)).not.toContainEqual(expect.objectContaining({ kind: "preserve" }));
  }, 60_000);

  it("records a capture younger than 30 days and requests none", async () => {
    const url = site.url("/ok") + "&preserve=recent";
    const recent = new Date(Date.now() - 2 * 24 * 3600_000).toISOString().replace(/[-:T]/g, "").slice(0, 14);
    await fetch(`${waybackUrl()}/__captures`, { method: "PUT", body: JSON.stringify({ url, timestamp: recent }), headers: { "content-type": "application/json" } });
    await citing([url]);
    const row = await drainUntil(async () => {
      const found = await sourceRow(url);
      return found && { ...found, queued: await jobsOfSource(found.id) };
    }, (found) => Boolean(found?.archived_at) && !found!.queued.some((job) => job.kind === "preserve"));
    expect(row!.archived_url).toBe(`${waybackUrl()}/web/${recent}/${url}`);
  }, 60_000);

  it("records an older capture at once and requests a new one", async () => {
    const url = site.url("/ok") + "&preserve=old";
    await fetch(`${waybackUrl()}/__captures`, { method: "PUT", body: JSON.stringify({ url, timestamp: "20200101000000" }), headers: { "content-type": "application/json" } });
    await citing([url]);
    const first = await drainUntil(async () => {
      const found = await sourceRow(url);
      return found && { ...found, queued: await jobsOfSource(found.id) };
    }, (found) => Boolean(found?.archived_at) && found!.queued.some((job) => typeof job.payload.spnJob === "string"));
    expect(first!.archived_at!.toISOString()).toBe("2020-01-01T00:00:00.000Z");
    await drainUntil(async () => {
      await sql`update private.source_jobs set run_at = now() where source_id = ${first!.id} and kind = 'preserve'`;
      return sourceRow(url);
    }, (row) => row!.archived_at!.getFullYear() > 2020);
  }, 60_000);
});
