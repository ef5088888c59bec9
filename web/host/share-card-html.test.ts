import { describe, expect, it } from "vitest";
// The site's own page, as the build starts from it.
import indexHtml from "../index.html?raw";
import { isShareCard, type ShareCard, spliceShareCard } from "./share-card-html";


const card: ShareCard = {
  title: `Tom & "Jerry" <3`,
  description: "An <excerpt> & more",
  url: "https://archive.test/posts/7",
  image: "https://archive.test/images/a.png",
  type: "article",
};

const parse = (html: string) => new DOMParser().parseFromString(html, "text/html");
const meta = (document: Document, key: string) =>
  [...document.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`)].map((tag) => tag.getAttribute("content"));

describe("spliceShareCard", () => {
  it("replaces the generic tags with the card's, escaped, once each", () => {
    const document = parse(spliceShareCard(indexHtml, card));
    expect(document.title).toBe(`Tom & "Jerry" <3 · The Community Archive`);
    expect(meta(document, "og:title")).toEqual([card.title]);
    expect(meta(document, "description")).toEqual([card.description]);
    expect(meta(document, "og:description")).toEqual([card.description]);
    expect(meta(document, "og:type")).toEqual(["article"]);
    expect(meta(document, "og:url")).toEqual([card.url]);
    expect(meta(document, "og:image")).toEqual([card.image]);
    expect(meta(document, "twitter:card")).toEqual(["summary_large_image"]);
    expect(meta(document, "twitter:image")).toEqual([card.image]);
    expect(meta(document, "og:site_name")).toEqual(["The Community Archive"]);
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(card.url);
    expect(document.querySelectorAll("title")).toHaveLength(1);
  });

  it("never touches a script's text", () => {
    const script = `<script>var s = '<meta property="og:title" content="x" /><title>t</title>';</script>`;
    const html = spliceShareCard(indexHtml.replace("</head>", `${script}\n</head>`), card);
    expect(html).toContain(script);
  });

  it("a card without an image has no image tags and a small Twitter card", () => {
    const document = parse(spliceShareCard(indexHtml, { ...card, image: null }));
    expect(meta(document, "og:image")).toEqual([]);
    expect(meta(document, "twitter:image")).toEqual([]);
    expect(meta(document, "twitter:card")).toEqual(["summary"]);
  });

  it("the site's own name alone when the card is the home page's; before </head> when there was no title", () => {
    const home = spliceShareCard(indexHtml, { ...card, title: "The Community Archive" });
    expect(parse(home).title).toBe("The Community Archive");
    const untitled = spliceShareCard(indexHtml.replace("<title>Community Archive</title>", ""), card);
    expect(parse(untitled).title).toBe(`Tom & "Jerry" <3 · The Community Archive`);
  });
});

// String.replace reads `$&`, `$'`, `` $` ``, `$1`, `$$` and `$<name>` in a replacement string: a post's text must not.
describe("spliceShareCard with replacement patterns in the card's text", () => {
  const scriptCount = (html: string) => html.match(/<script\b/gi)?.length ?? 0;
  const untitledIndexHtml = indexHtml.replace(/<title>[^<]*<\/title>/, "");
  const patterns: [text: string, escaped: string][] = [
    ["$&", "$&amp;"],
    ["$`", "$`"],
    ["$'", "$&#39;"],
    ["$1", "$1"],
    ["$$", "$$"],
    ["$<name>", "$&lt;name&gt;"],
    ["Price $' and $` here", "Price $&#39; and $` here"],
  ];

  it.each(patterns.flatMap(([text, escaped]) => [
    { text, escaped, where: "in place of <title>", page: indexHtml },
    { text, escaped, where: "before </head>", page: untitledIndexHtml },
  ]))("writes $text as text, $where", ({ text, escaped, page }) => {
    const patterned: ShareCard = { ...card, title: `Only ${text} costs`, description: `Pay ${text} & more` };
    const html = spliceShareCard(page, patterned);
    expect(html).toContain(`<title>Only ${escaped} costs · The Community Archive</title>`);
    expect(html).toContain(`<meta property="og:title" content="Only ${escaped} costs" />`);
    expect(html).toContain(`<meta name="twitter:title" content="Only ${escaped} costs" />`);
    expect(html).toContain(`<meta name="description" content="Pay ${escaped} &amp; more" />`);
    expect(html).toContain(`<meta property="og:description" content="Pay ${escaped} &amp; more" />`);
    expect(html).not.toContain("\u0000");
    expect(scriptCount(html)).toBe(scriptCount(page));
    const document = parse(html);
    expect(document.title).toBe(`Only ${text} costs · The Community Archive`);
    expect(meta(document, "og:title")).toEqual([patterned.title]);
    expect(meta(document, "description")).toEqual([patterned.description]);
    expect(document.querySelectorAll("title")).toHaveLength(1);
  });
});

describe("isShareCard", () => {
  it("accepts the api's card and nothing else", () => {
    expect(isShareCard(card)).toBe(true);
    expect(isShareCard({ ...card, image: null })).toBe(true);
    expect(isShareCard({ ...card, type: "video" })).toBe(false);
    expect(isShareCard({ error: "Post not found." })).toBe(false);
    expect(isShareCard(null)).toBe(false);
  });
});
