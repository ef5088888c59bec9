/**
 * The search language against an archive whose answers are known: one
 * fixture of posts and a table of queries, each with the posts it must find
 * (in order where Best match or the sort decides it) or the suggestion it
 * must make. Every query carries the run's own word (or a filter of this
 * run), so no other test's posts or the demo data can match; the words
 * searched for are real English where stemming and accents are what is
 * tested.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost, type PostOptions } from "../support/fixtures.ts";
import { citeCheckedSources } from "../support/sources.ts";
import { api, createMember, type SignedInUser } from "../support/api.ts";

// The run's own word: letters only, ending in "x" so no English suffix rule stems it.
const R = `zq${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}x`;
const liveTag = `live${R}`;
const photoTag = `photo${R}`;
const zoeName = `Zoë Quillane${R}`;
const martenName = `Marten Brosk${R}`;

type Author = "zoe" | "marten";
interface FixturePost {
  author: Author;
  type: "event" | "discussion" | "news";
  title: string;
  excerpt?: string;
  content: string;
  tags?: string[];
  createdAt: string;
  eventAt?: string;
  status?: "pending" | "rejected";
  sources?: boolean;
  media?: boolean;
}

const day = (date: string) => `${date}T12:00:00Z`;

/** The archive: every post has the run's word as a tag and at the end of its content. */
const fixture = {
  concertTitle: { author: "zoe", type: "event", title: "Summer concert in the park", content: "Bands played until late.", tags: [liveTag], createdAt: day("2024-01-10"), eventAt: "2019-07-14T20:00:00Z" },
  concertsContent: { author: "marten", type: "discussion", title: "Evening notes", content: "We went to two concerts that week.", createdAt: day("2024-02-10") },
  touring: { author: "zoe", type: "news", title: "Diary of the band", content: "The band was touring all spring.", createdAt: day("2023-05-01") },
  tour: { author: "marten", type: "news", title: "Autumn plans", content: "A tour of the northern towns.", createdAt: day("2023-06-01") },
  cafeAccent: { author: "zoe", type: "discussion", title: "Café Zephyr reopens", content: "Coffee again on the square.", tags: [photoTag], createdAt: day("2022-03-01") },
  cafePlain: { author: "marten", type: "discussion", title: "Morning walk", content: "We sat in the cafe on the corner.", createdAt: day("2022-04-01") },
  nightTrains: { author: "zoe", type: "discussion", title: "Travel log", content: "We took the night trains north.", createdAt: day("2021-05-01") },
  nightTrain: { author: "marten", type: "discussion", title: "Coast trip", content: "A night train to the coast.", createdAt: day("2021-06-01") },
  zeppelinHarbour: { author: "zoe", type: "news", title: "Airship day", content: "A zeppelin over the harbour.", createdAt: day("2020-01-15") },
  gondolaCanal: { author: "marten", type: "discussion", title: "Venice memories", excerpt: "A gondola on the canal.", content: "Slow afternoon.", createdAt: day("2020-02-15") },
  gondolaHarbour: { author: "zoe", type: "discussion", title: "Boats", content: "A gondola moored in the harbour.", createdAt: day("2020-03-15") },
  // The same text twice: only the date tells them apart, and the newer wins the tie.
  lanternOld: { author: "zoe", type: "event", title: "Lantern parade", content: "Lights along the river.", tags: [liveTag], createdAt: day("2024-03-01"), eventAt: "2018-10-31T19:00:00Z" },
  lanternNew: { author: "zoe", type: "event", title: "Lantern parade", content: "Lights along the river.", tags: [liveTag], createdAt: day("2024-03-02"), eventAt: "2022-10-31T19:00:00Z" },
  accordionTag: { author: "marten", type: "discussion", title: "Folk evening", content: "Songs by the fire.", tags: ["accordion"], createdAt: day("2019-01-01") },
  accordionContent: { author: "marten", type: "discussion", title: "Street music", content: "An accordion player on the bridge.", createdAt: day("2025-01-01") },
  yesterday: { author: "zoe", type: "discussion", title: "Weather", content: "The rain yesterday was heavy.", createdAt: day("2025-02-01") },
  gazebo: { author: "marten", type: "discussion", title: "Garden", content: "The old gazebo needs paint.", createdAt: day("2025-03-01") },
  cats: { author: "zoe", type: "discussion", title: "Neighbours", content: "Two cats on the wall.", createdAt: day("2025-04-01") },
  quorvelline: { author: "marten", type: "news", title: "Strange word", content: "The quorvelline was found at dawn.", createdAt: day("2025-05-01") },
  htmlTitle: { author: "zoe", type: "discussion", title: "Cymbal <b>& friends", content: "A cymbal <i>solo</i> & more.", createdAt: day("2024-06-01") },
  sourced: { author: "zoe", type: "news", title: "Press clipping", content: "Report about the orchard.", createdAt: day("2023-09-01"), sources: true },
  // 23:30 UTC on New Year's Eve is already 2022 in Berlin.
  pictured: { author: "marten", type: "event", title: "New Year photos", content: "Fireworks over the orchard.", tags: [liveTag, photoTag], createdAt: day("2024-07-01"), eventAt: "2021-12-31T23:30:00Z", media: true },
  sourcedAndPictured: { author: "zoe", type: "event", title: "Old festival", content: "Orchard festival with pictures and links.", tags: [photoTag], createdAt: day("2024-08-01"), eventAt: "2017-05-05T12:00:00Z", sources: true, media: true },
  // Never found, never suggested: the same words as the posts above, and a word of their own.
  pending: { author: "zoe", type: "event", title: "Summer concert pendravolt", content: "Concerts, a cafe, a gondola, a lantern and the pendravolt.", tags: [liveTag], createdAt: day("2024-05-01"), eventAt: "2019-07-15T20:00:00Z", status: "pending" },
  rejected: { author: "marten", type: "news", title: "Summer concert pendravolt", content: "Concerts, a cafe, a gondola, a lantern and the pendravolt.", tags: [photoTag], createdAt: day("2024-05-02"), status: "rejected" },
} satisfies Record<string, FixturePost>;

type Key = keyof typeof fixture;
const entries = Object.entries(fixture) as [Key, FixturePost][];
const ids = {} as Record<Key, number>;
const keyOf = new Map<number, string>();

/** The day a post is filed under (its event date, else its creation date). */
const sortDate = (post: FixturePost) => post.eventAt ?? post.createdAt;
/** The published posts that satisfy `keep`, newest first (as a query without words lists them). */
const published = (keep: (post: FixturePost) => boolean = () => true): Key[] =>
  entries
    .filter(([, post]) => !post.status && keep(post))
    .sort(([, a], [, b]) => sortDate(b).localeCompare(sortDate(a)))
    .map(([key]) => key);
const everyPost = published();
const zoePosts = published((post) => post.author === "zoe");
const martenPosts = published((post) => post.author === "marten");
const events = published((post) => post.type === "event");
const eventsAndNews = published((post) => post.type === "event" || post.type === "news");

beforeAll(async () => {
  const [zoe, marten, ...voters] = await Promise.all([
    createMember({ firstName: "Zoë", lastName: `Quillane${R}` }),
    createMember({ firstName: "Marten", lastName: `Brosk${R}` }),
    createMember({ lastName: "search voter 1" }),
    createMember({ lastName: "search voter 2" }),
  ]);
  const authors: Record<Author, SignedInUser> = { zoe, marten };
  for (const [key, post] of entries) {
    const sourceUrl = `https://press.example.org/${R}/${key.toLowerCase()}`;
    const options: PostOptions = {
      title: post.title,
      excerpt: post.excerpt ?? "Kept for the record.",
      content: `${post.content} (${R})`,
      tags: [R, ...(post.tags ?? [])],
      postType: post.type,
      eventTimestamp: post.eventAt ?? null,
      createdAt: post.createdAt,
      status: post.status ?? "approved",
      citations: post.sources ? sourceUrl : null,
    };
    ids[key] = await createPost(authors[post.author], options);
    keyOf.set(ids[key], key);
    if (post.sources) await citeCheckedSources(ids[key], [{ url: sourceUrl }]);
    if (post.media) {
      await sql`insert into public.post_media (post_id, object_path, media_type, position)
                values (${ids[key]}, 'alex-rivera-stage.jpg', 'image', 0)`;
    }
  }
  // The older lantern parade has the most upvotes.
  for (const voter of voters) {
    const vote = await api("POST", `/api/posts/${ids.lanternOld}/vote`, { token: voter.token, json: { voteType: "up" } });
    expect(vote.status).toBe(200);
  }
});

interface SearchPage {
  posts: { id: number; match?: { title: string; snippet: string; highlights: string[] } }[];
  nextCursor: string | null;
  total: number | null;
  totalExact: boolean;
  suggestion: string | null;
}

async function search(query: Record<string, string>): Promise<SearchPage> {
  const params = new URLSearchParams({ limit: "100", ...query });
  const res = await api<SearchPage>("GET", `/api/posts/all?${params}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
const keys = (page: SearchPage) => page.posts.map((post) => keyOf.get(post.id) ?? `someone else's post ${post.id}`);

interface Case {
  name: string;
  query: Record<string, string>;
  /** Exactly these posts, in this order. */
  expectOrder?: Key[];
  /** Exactly these posts, in any order. */
  expectSet?: Key[];
  /** These posts first, in this order (with expectSet: the rest in any order). */
  expectTop?: Key[];
  expectNone?: true;
  /** Only with no results: the text suggested instead (null: none). */
  expectSuggestion?: string | null;
  /** A list of a tag or a day alone is not counted (total null). */
  uncounted?: true;
  /** What searching for the suggestion finds. */
  followSuggestion?: Key[];
  /** The search has no words (only filters, stop words or punctuation): no `match`. */
  noWords?: true;
}

const cases: Case[] = [
  // Plain words: all must match.
  { name: "one word", query: { search: `${R} gondola` }, expectOrder: ["gondolaCanal", "gondolaHarbour"] },
  { name: "two words, both required", query: { search: `${R} gondola harbour` }, expectOrder: ["gondolaHarbour"] },
  { name: "a word no post has", query: { search: `${R} gondola xylophone` }, expectNone: true },
  { name: "the run's word alone finds every published post", query: { search: R }, expectSet: everyPost },
  { name: "case does not matter", query: { search: `${R} GONDOLA` }, expectOrder: ["gondolaCanal", "gondolaHarbour"] },
  { name: "a stop word among words is dropped", query: { search: `${R} the gondola` }, expectOrder: ["gondolaCanal", "gondolaHarbour"] },

  // Stemming both ways; the title ranks above the content even for an older post.
  { name: "plural finds singular (title first)", query: { search: `${R} concerts` }, expectOrder: ["concertTitle", "concertsContent"] },
  { name: "singular finds plural (title first)", query: { search: `${R} concert` }, expectOrder: ["concertTitle", "concertsContent"] },
  { name: "touring finds tour", query: { search: `${R} touring` }, expectSet: ["touring", "tour"] },
  { name: "tour finds touring", query: { search: `${R} tour` }, expectSet: ["touring", "tour"] },

  // Accents both ways.
  { name: "Café finds cafe (title first)", query: { search: `${R} Café` }, expectOrder: ["cafeAccent", "cafePlain"] },
  { name: "cafe finds Café (title first)", query: { search: `${R} cafe` }, expectOrder: ["cafeAccent", "cafePlain"] },

  // Best match: title and tags above excerpt above content; a tie goes to the newer post.
  { name: "excerpt ranks above content", query: { search: `${R} gondola`, sort: "best" }, expectOrder: ["gondolaCanal", "gondolaHarbour"] },
  { name: "a tag ranks above content", query: { search: `${R} accordion` }, expectOrder: ["accordionTag", "accordionContent"] },
  { name: "a tie goes to the newer post", query: { search: `${R} lantern` }, expectOrder: ["lanternNew", "lanternOld"] },

  // Whole words only: the start of a word is not the word (stems cover its forms).
  { name: "the start of a word does not find the word (rive is not river)", query: { search: `${R} rive` }, expectNone: true },
  { name: "the start of an invented word does not find it", query: { search: `${R} quorvel` }, expectNone: true },

  // Phrases: exact, no stemming.
  { name: "a phrase as written", query: { search: `${R} "night trains"` }, expectOrder: ["nightTrains"] },
  { name: "a phrase does not match its stemmed variant", query: { search: `${R} "night train"` }, expectOrder: ["nightTrain"] },
  { name: "the same words unquoted match both", query: { search: `${R} night trains` }, expectSet: ["nightTrains", "nightTrain"] },
  { name: "a phrase ignores case", query: { search: `${R} "NIGHT Trains"` }, expectOrder: ["nightTrains"] },
  { name: "words out of the phrase's order do not match", query: { search: `${R} "trains night"` }, expectNone: true },
  { name: "an unclosed quote runs to the end", query: { search: `${R} "night trains` }, expectOrder: ["nightTrains"] },

  // OR, and OR within AND.
  { name: "a OR b", query: { search: `${R} zeppelin OR gondola` }, expectSet: ["zeppelinHarbour", "gondolaCanal", "gondolaHarbour"] },
  { name: "a OR b OR c", query: { search: `${R} zeppelin OR gondola OR trains` }, expectSet: ["zeppelinHarbour", "gondolaCanal", "gondolaHarbour", "nightTrains", "nightTrain"] },
  { name: "x a OR b = x AND (a OR b)", query: { search: `${R} harbour zeppelin OR gondola` }, expectSet: ["zeppelinHarbour", "gondolaHarbour"] },
  { name: "a OR b x = (a OR b) AND x", query: { search: `${R} zeppelin OR gondola canal` }, expectOrder: ["gondolaCanal"] },
  { name: "lowercase or is a word", query: { search: `${R} zeppelin or gondola` }, expectNone: true },

  // Exclusions.
  { name: "-word", query: { search: `${R} gondola -harbour` }, expectOrder: ["gondolaCanal"] },
  { name: '-"phrase"', query: { search: `${R} night -"night trains"` }, expectOrder: ["nightTrain"] },
  { name: "a lone - is ignored", query: { search: `${R} gondola -` }, expectOrder: ["gondolaCanal", "gondolaHarbour"] },

  // Nothing to search for: no text condition.
  { name: "stop words only", query: { search: "the of and", tags: R }, expectOrder: everyPost, noWords: true },
  // Nothing to search for: the list of the tag alone, which is not counted.
  { name: "punctuation only", query: { search: "!!! ... ??? -", tags: R }, expectOrder: everyPost, noWords: true, uncounted: true },

  // Authors.
  { name: "author: full name in quotes", query: { search: `${R} author:"${zoeName}"` }, expectSet: zoePosts },
  { name: "author: one word of the name", query: { search: `${R} author:quillane${R}` }, expectSet: zoePosts },
  { name: "author: without the accent", query: { search: `${R} author:"zoe quillane${R}"` }, expectSet: zoePosts },
  { name: "author: the first name without its accent", query: { search: `${R} author:zoe` }, expectSet: zoePosts },
  { name: "author: key in capitals", query: { search: `${R} AUTHOR:"${martenName}"` }, expectSet: martenPosts },
  { name: "author parameter, no words: newest first", query: { author: zoeName }, expectOrder: zoePosts, noWords: true },
  { name: "author parameter, case aside, one word", query: { author: `QUILLANE${R}`, search: R }, expectSet: zoePosts },
  { name: "an author nobody is", query: { search: `${R} author:nobody${R}` }, expectNone: true },

  // Tags.
  { name: "tag:", query: { search: `${R} tag:${liveTag}` }, expectSet: ["concertTitle", "lanternOld", "lanternNew", "pictured"] },
  { name: "tag: any case", query: { search: `${R} tag:${liveTag.toUpperCase()}` }, expectSet: ["concertTitle", "lanternOld", "lanternNew", "pictured"] },
  { name: "two tag: filters: both", query: { search: `${R} tag:${liveTag} tag:${photoTag}` }, expectOrder: ["pictured"] },
  { name: "tags parameter: both", query: { search: R, tags: `${liveTag},${photoTag}` }, expectOrder: ["pictured"] },
  { name: "tag: in the text and the tags parameter: both", query: { search: `${R} tag:${photoTag}`, tags: liveTag }, expectOrder: ["pictured"] },

  // Types.
  { name: "type:", query: { search: `${R} type:event` }, expectSet: events },
  { name: "two type: filters: either", query: { search: `${R} type:event type:news` }, expectSet: eventsAndNews },
  { name: "type parameter, two types", query: { search: R, type: "event,news" }, expectSet: eventsAndNews },
  { name: "type: in the text and the type parameter: either", query: { search: `${R} type:news`, type: "event" }, expectSet: eventsAndNews },
  { name: "type: only, no words: newest first", query: { search: `tag:${R} type:news` }, expectOrder: published((post) => post.type === "news"), noWords: true },

  // Dates: the event date, else the creation date, in the reader's time zone (UTC by default).
  { name: "from:", query: { search: `${R} from:2025-01-01` }, expectSet: ["accordionContent", "yesterday", "gazebo", "cats", "quorvelline"] },
  { name: "from: without words: newest first", query: { search: `tag:${R} from:2025-01-01` }, expectOrder: ["quorvelline", "cats", "gazebo", "yesterday", "accordionContent"], noWords: true },
  { name: "to:", query: { search: `${R} to:2018-12-31` }, expectSet: ["lanternOld", "sourcedAndPictured"] },
  { name: "from: and to:, both ends inclusive", query: { search: `${R} from:2021-05-01 to:2021-12-31` }, expectSet: ["nightTrains", "nightTrain", "pictured"] },
  { name: "from: and to: in Berlin", query: { search: `${R} from:2021-01-01 to:2021-12-31`, tz: "Europe/Berlin" }, expectSet: ["nightTrains", "nightTrain"] },
  { name: "since and until parameters in Berlin", query: { search: R, since: "2022-01-01", until: "2022-01-01", tz: "Europe/Berlin" }, expectOrder: ["pictured"] },
  { name: "since parameter", query: { search: R, since: "2025-01-01" }, expectSet: ["accordionContent", "yesterday", "gazebo", "cats", "quorvelline"] },
  { name: "from: and the since parameter: the later", query: { search: `${R} from:2020-01-01`, since: "2025-01-01" }, expectSet: ["accordionContent", "yesterday", "gazebo", "cats", "quorvelline"] },
  { name: "to: and the until parameter: the earlier", query: { search: `${R} to:2025-12-31`, until: "2018-12-31" }, expectSet: ["lanternOld", "sourcedAndPictured"] },

  // Sources and media.
  { name: "has:sources", query: { search: `${R} has:sources` }, expectSet: ["sourced", "sourcedAndPictured"] },
  { name: "has:media", query: { search: `${R} has:media` }, expectSet: ["pictured", "sourcedAndPictured"] },
  { name: "has:sources has:media: both", query: { search: `${R} has:sources has:media` }, expectOrder: ["sourcedAndPictured"] },
  { name: "has parameter: both", query: { search: R, has: "sources,media" }, expectOrder: ["sourcedAndPictured"] },
  { name: "has:media with a word", query: { search: `${R} orchard has:media` }, expectSet: ["pictured", "sourcedAndPictured"] },

  // Invalid filter values are words; unknown keys are text.
  { name: "from:yesterday searches the word", query: { search: `${R} from:yesterday` }, expectOrder: ["yesterday"] },
  { name: "type:gazebo! searches the word", query: { search: `${R} type:gazebo!` }, expectOrder: ["gazebo"] },
  { name: "has:cats searches the word (stemmed)", query: { search: `${R} has:cats` }, expectOrder: ["cats"] },
  { name: "an empty tag: is dropped", query: { search: `${R} gazebo tag:` }, expectOrder: ["gazebo"] },
  { name: "an unknown key's words are searched (found)", query: { search: `${R} old:gazebo` }, expectOrder: ["gazebo"] },
  { name: "an unknown key's words are searched (not found)", query: { search: `${R} stone:gazebo` }, expectNone: true },

  // Sorts.
  { name: "newest with words", query: { search: `${R} gondola`, sort: "newest" }, expectOrder: ["gondolaHarbour", "gondolaCanal"] },
  { name: "oldest with words", query: { search: `${R} lantern`, sort: "oldest" }, expectOrder: ["lanternOld", "lanternNew"] },
  { name: "most_upvotes with words", query: { search: `${R} lantern`, sort: "most_upvotes" }, expectOrder: ["lanternOld", "lanternNew"] },
  { name: "best without words is newest", query: { search: `tag:${R} type:news`, sort: "best" }, expectOrder: published((post) => post.type === "news"), noWords: true },
  { name: "only an excluded word: newest first", query: { search: `tag:${R} -gondola` }, expectOrder: published((post) => !/gondola/i.test(`${post.excerpt} ${post.content}`)), noWords: true },

  // Did you mean.
  { name: "a typo: no posts, the corrected text suggested", query: { search: `${R} quorveline` }, expectNone: true, expectSuggestion: `${R} quorvelline`, followSuggestion: ["quorvelline"] },
  { name: "a typo beside a filter: the filter kept", query: { search: `${R} quorveline type:news` }, expectNone: true, expectSuggestion: `${R} quorvelline type:news`, followSuggestion: ["quorvelline"] },
  { name: "a word only unpublished posts have finds nothing", query: { search: `${R} pendravolt` }, expectNone: true, expectSuggestion: null },
  { name: "a typo of a word only unpublished posts have: no suggestion", query: { search: `${R} pendravolx` }, expectNone: true, expectSuggestion: null },
];

describe("GET /api/posts/all?search=: queries with known answers", () => {
  it.each(cases)("$name", async (c) => {
    const page = await search(c.query);
    const found = keys(page);
    if (c.expectNone) expect(found).toEqual([]);
    if (c.expectOrder) expect(found).toEqual(c.expectOrder);
    if (c.expectSet) expect([...found].sort()).toEqual([...c.expectSet].sort());
    if (c.expectTop) expect(found.slice(0, c.expectTop.length)).toEqual(c.expectTop);
    expect(page.nextCursor).toBeNull();
    // Every query here searches (words or a filter only search has), but one: the first page counts them all.
    expect({ total: page.total, totalExact: page.totalExact }).toEqual({ total: c.uncounted ? null : found.length, totalExact: true });
    if (found.length > 0) expect(page.suggestion).toBeNull();
    else expect(page.suggestion).toBe(c.expectSuggestion ?? null);
    for (const post of page.posts) {
      if (c.noWords) expect(post.match).toBeUndefined();
      else expect(post.match).toEqual(expect.objectContaining({ title: expect.any(String), snippet: expect.any(String) }));
    }
    if (c.followSuggestion) {
      const followed = await search({ ...c.query, search: page.suggestion ?? "" });
      expect(keys(followed)).toEqual(c.followSuggestion);
    }
  });
});

const post = (page: SearchPage, key: Key) => {
  const found = page.posts.find((p) => p.id === ids[key]);
  if (!found?.match) throw new Error(`${key} is not in the page with a match: ${JSON.stringify(page.posts)}`);
  return found.match;
};
/** What is left of highlighted text once the only markup allowed is taken out. */
const withoutMarks = (html: string) => html.replaceAll("<mark>", "").replaceAll("</mark>", "");

describe("GET /api/posts/all?search=: what matched", () => {
  it("marks the matched word in the title and in the snippet", async () => {
    const page = await search({ search: `${R} concert` });
    expect(post(page, "concertTitle").title).toContain("<mark>concert</mark>");
    const snippet = post(page, "concertsContent");
    expect(snippet.snippet).toContain("<mark>concerts</mark>");
    expect(snippet.highlights.map((word) => word.toLowerCase())).toContain("concerts");
    expect(snippet.snippet.length).toBeLessThanOrEqual(220);
  });

  it("escapes the post's own HTML, so <mark> is the only markup", async () => {
    const match = post(await search({ search: `${R} cymbal` }), "htmlTitle");
    expect(match.title).toContain("&lt;b&gt;&amp;");
    expect(match.title).toMatch(/<mark>cymbal<\/mark>/i);
    expect(withoutMarks(match.title)).not.toMatch(/[<>]/);
    expect(match.snippet).toMatch(/<mark>cymbal<\/mark>/i);
    expect(match.snippet).toContain("&amp;");
    expect(withoutMarks(match.snippet)).not.toMatch(/[<>]/);
  });
});

describe("GET /api/posts/all?search=: pages and counts", () => {
  it("pages Best match with a cursor: no repeats, the same order as one big page", async () => {
    const whole = keys(await search({ search: R, sort: "best" }));
    expect(whole).toHaveLength(everyPost.length);
    const first = await search({ search: R, sort: "best", limit: "12" });
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.total).toBe(everyPost.length);
    const second = await search({ search: R, sort: "best", limit: "12", cursor: first.nextCursor! });
    expect(second.nextCursor).toBeNull();
    // Only the first page counts.
    expect(second.total).toBeNull();
    const paged = [...keys(first), ...keys(second)];
    expect(new Set(paged).size).toBe(paged.length);
    expect(paged).toEqual(whole);
  });

  it("pages a search of stop words only as the newest posts", async () => {
    const first = await search({ search: "the", tags: R, limit: "12" });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await search({ search: "the", tags: R, limit: "12", cursor: first.nextCursor! });
    expect([...keys(first), ...keys(second)]).toEqual(everyPost);
  });

  it("counts on the first page of a search, not of the whole unfiltered archive", async () => {
    const counted = await search({ search: R, limit: "3" });
    expect(counted.posts).toHaveLength(3);
    expect({ total: counted.total, totalExact: counted.totalExact }).toEqual({ total: everyPost.length, totalExact: true });
    const unfiltered = await search({ limit: "1" });
    expect(unfiltered.total).toBeNull();
    // Nor a tag's list: a tag most posts have would be counted through its whole index.
    expect((await search({ tags: R, limit: "1" })).total).toBeNull();
    expect(unfiltered.suggestion).toBeNull();
  });

  it("refuses malformed parameters but never a search text", async () => {
    for (const query of ["since=2024-13-45", "until=yesterday", "from=2024-01-01", "sort=random"]) {
      expect((await api("GET", `/api/posts/all?${query}`)).status, query).toBe(400);
    }
    const odd = await search({ search: `${R} "((( OR - -"" author: tag: from:2024-13-45 has: type: OR` });
    expect(odd.total).toEqual(expect.any(Number));
  });
});
