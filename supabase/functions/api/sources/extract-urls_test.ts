import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { splitBareUrls } from "../../_shared/bare-urls.ts";
import { extractCitedUrls, normaliseUrl } from "./extract-urls.ts";

Deno.test("normalisation lower-cases scheme and host and drops the default port and fragment", () => {
  assertEquals(normaliseUrl("HTTPS://Example.COM:443/Path/To?a=1#section")?.url, "https://example.com/Path/To?a=1");
  assertEquals(normaliseUrl("http://Example.com:80")?.url, "http://example.com/");
  assertEquals(normaliseUrl("http://example.com:8080/x")?.url, "http://example.com:8080/x");
});

Deno.test("normalisation removes tracking parameters and keeps the others in order", () => {
  assertEquals(
    normaliseUrl("https://news.example/story?utm_source=x&id=7&UTM_Medium=y&fbclid=abc&page=2&gclid=z")?.url,
    "https://news.example/story?id=7&page=2",
  );
  assertEquals(normaliseUrl("https://news.example/story?utm_campaign=only")?.url, "https://news.example/story");
});

Deno.test("normalisation refuses what is no web address", () => {
  assertEquals(normaliseUrl("ftp://example.com/file"), undefined);
  assertEquals(normaliseUrl("javascript:alert(1)"), undefined);
  assertEquals(normaliseUrl("https://user:secret@example.com/"), undefined);
  assertEquals(normaliseUrl("not a url"), undefined);
});

Deno.test("normalisation gives an IPv6 host without brackets", () => {
  assertEquals(normaliseUrl("http://[::1]:8080/a"), { url: "http://[::1]:8080/a", host: "::1" });
});

Deno.test("extraction finds references, markdown links and bare URLs, each place in order", () => {
  const cited = extractCitedUrls({
    citations: "Official site: https://alex.example/news. Interview (https://radio.example/ep-3), and https://alex.example/news#again",
    content: "See [the episode](https://Podcast.example/ep/3?utm_source=feed \"Episode 3\") and https://label.example/press.\n" +
      "Also <https://wiki.example/Alex_(musician)> and https://wiki.example/Alex_(musician).",
  });
  assertEquals(cited, [
    { url: "https://alex.example/news", host: "alex.example", place: "references", position: 0 },
    { url: "https://radio.example/ep-3", host: "radio.example", place: "references", position: 1 },
    { url: "https://podcast.example/ep/3", host: "podcast.example", place: "content", position: 0 },
    { url: "https://label.example/press", host: "label.example", place: "content", position: 1 },
    { url: "https://wiki.example/Alex_(musician)", host: "wiki.example", place: "content", position: 2 },
  ]);
});

Deno.test("extraction finds bare URLs with an IPv6 host", () => {
  assertEquals(extractCitedUrls({ citations: "Local: http://[::1]:8080/status.", content: "x" }).map((cited) => cited.url), ["http://[::1]:8080/status"]);
});

Deno.test("extraction of a post without URLs or references is empty", () => {
  assertEquals(extractCitedUrls({ citations: null, content: "No links here, only www.example.com written out." }), []);
  assertEquals(extractCitedUrls({ citations: "Slow Signals, episode 3", content: "Plain text." }), []);
});

Deno.test("a reference's text splits into words and the very addresses its sources are made of", () => {
  const text = "Slow Signals, episode 3 (https://slowsignals.example/episodes/3); archive: https://example.org/a_(b).";
  assertEquals(splitBareUrls(text), [
    { text: "Slow Signals, episode 3 (" },
    { url: "https://slowsignals.example/episodes/3" },
    { text: "); archive: " },
    { url: "https://example.org/a_(b)" },
    { text: "." },
  ]);
  assertEquals(
    extractCitedUrls({ citations: text, content: "" }).map((cited) => cited.url),
    ["https://slowsignals.example/episodes/3", "https://example.org/a_(b)"],
  );
});
