import { describe, expect, it } from "vitest";
import { orderTags, tagOrderFromParam } from "./tag-order";

const tags = [
  { tag: "music", count: 11 },
  { tag: "live", count: 10 },
  { tag: "album", count: 4 },
];

describe("orderTags", () => {
  it("keeps the API's order by count", () => {
    expect(orderTags(tags, "count")).toBe(tags);
  });
  it("orders by name", () => {
    expect(orderTags(tags, "name").map((t) => t.tag)).toEqual(["album", "live", "music"]);
  });
});

describe("tagOrderFromParam", () => {
  it("reads ?sort=name, anything else is by count", () => {
    expect(tagOrderFromParam("name")).toBe("name");
    expect(tagOrderFromParam(null)).toBe("count");
    expect(tagOrderFromParam("random")).toBe("count");
  });
});
