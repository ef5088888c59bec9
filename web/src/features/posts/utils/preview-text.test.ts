import { describe, expect, it } from "vitest";
import { timelineExcerpt } from "./display";
import { inlineText, previewText } from "./preview-text";

describe("previewText: markdown as plain text with its blocks kept apart", () => {
  it("separates a heading, list items and a paragraph instead of running them together", () => {
    const markdown =
      "### Key facts\n\n- Announced on Alex's public channels\n- Covered by several fan accounts\n\nMore context is in the [episode archive](https://example.com/a).";
    expect(previewText(markdown)).toBe(
      "Key facts · Announced on Alex's public channels · Covered by several fan accounts · More context is in the episode archive.",
    );
  });

  it("joins the lines of one paragraph with a space, and a list item with its continuation", () => {
    expect(previewText("First line\nsecond line\n\n1. An item\n   that goes on\n2) Another")).toBe(
      "First line second line · An item that goes on · Another",
    );
  });

  it("ends a paragraph where a heading, list or quote interrupts it (a plain line after an item goes on with it)", () => {
    expect(previewText("Intro\n## Next\nText\n- item\nmore\n\nText\n> quoted\n> still quoted")).toBe(
      "Intro · Next · Text · item more · Text · quoted still quoted",
    );
  });

  it("reads a table row by row and drops the delimiter row", () => {
    expect(previewText("Dates:\n\n| Type | Date |\n|:---|---:|\n| Release | Release day |")).toBe("Dates: · Type, Date · Release, Release day");
  });

  it("drops rules, setext underlines, fences, reference definitions and closing hashes", () => {
    expect(previewText("Title\n=====\n\n---\n\n```js\nconst a = 1;\n```\n\n## Closed ##\n\n[ref]: https://example.com")).toBe(
      "Title · const a = 1; · Closed",
    );
  });

  it("keeps task list text and empty input empty", () => {
    expect(previewText("- [ ] todo\n- [x] done")).toBe("todo · done");
    expect(previewText("")).toBe("");
    expect(previewText(null)).toBe("");
  });

  it("gives the timeline 150 characters and an ellipsis, with no words glued across blocks", () => {
    const excerpt = timelineExcerpt(previewText(`## Heading\n\n- item one\n- item two\n\n${"word ".repeat(60)}`));
    expect(excerpt.startsWith("Heading · item one · item two · word word")).toBe(true);
    expect(excerpt).toHaveLength(151);
  });
});

describe("inlineText", () => {
  it("keeps the text of links, images and emphasis, and drops code marks and HTML tags", () => {
    expect(inlineText("**bold** _it_ ~~old~~ `code` ![alt](/a.png) [link](https://x.y) [ref][1] <https://x.y/z> <b>tag</b>")).toBe(
      "bold it old code alt link ref https://x.y/z tag",
    );
  });

  it("keeps underscores inside words and escaped characters", () => {
    expect(inlineText("snake_case and \\*stars\\* and 2\\. item")).toBe("snake_case and stars and 2. item");
  });
});
