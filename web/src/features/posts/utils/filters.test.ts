import { describe, expect, it } from "vitest";
import { activeFilterCount, chosenSort, filtersFromParams, filtersToParams, filtersToQuery, noFilters, sortOf } from "./filters";

describe("filters in the URL", () => {
  it("round-trips every filter and ignores bad values", () => {
    const filters = filtersFromParams(
      new URLSearchParams("search=tour&date=2024-05-01&sort=oldest&tags=Live,live,music&author=Hana+Sato&type=Event,news,Bad-Type!&from=2024-01-01&to=2024-12-31&has=media,cats,sources"),
    );
    expect(filters).toEqual({
      search: "tour",
      date: "2024-05-01",
      sort: "oldest",
      tags: ["live", "music"],
      author: "Hana Sato",
      types: ["event", "news"],
      from: "2024-01-01",
      to: "2024-12-31",
      has: ["media", "sources"],
    });
    expect(filtersToParams(filters).toString()).toBe(
      "search=tour&date=2024-05-01&sort=oldest&tags=live%2Cmusic&author=Hana+Sato&type=event%2Cnews&from=2024-01-01&to=2024-12-31&has=media%2Csources",
    );
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
    expect(filtersFromParams(new URLSearchParams("sort=bogus&date=yesterday&from=2023-02-29&to=x&type=&has="))).toEqual(noFilters);
    expect(filtersToParams({ ...noFilters, search: " ", author: " " }).toString()).toBe("");
  });

  it("sends the API's parameter names", () => {
    expect(filtersToQuery({ ...noFilters, search: " a ", sort: "most_upvotes", tags: ["x", "y"], author: "Sato", types: ["event", "news"], from: "2024-01-01", to: "2024-02-01", has: ["sources", "media"] })).toEqual({
      search: "a",
      date: undefined,
      sort: "most_upvotes",
      tags: "x,y",
      author: "Sato",
      type: "event,news",
      since: "2024-01-01",
      until: "2024-02-01",
      has: "sources,media",
    });
    expect(filtersToQuery(noFilters)).toEqual({ sort: "newest", search: undefined, date: undefined, tags: undefined, author: undefined, type: undefined, since: undefined, until: undefined, has: undefined });
  });
});

describe("the sort", () => {
  it("is Best match while the search has words and no sort is chosen, newest otherwise", () => {
    expect(sortOf({ search: "concert", sort: null })).toBe("best");
    expect(sortOf({ search: "concert tag:live", sort: null })).toBe("best");
    expect(sortOf({ search: "tag:live -concert", sort: null })).toBe("newest");
    expect(sortOf({ search: "", sort: null })).toBe("newest");
    expect(sortOf({ search: "", sort: "best" })).toBe("newest");
    expect(sortOf({ search: "concert", sort: "oldest" })).toBe("oldest");
    expect(filtersToQuery({ ...noFilters, search: "concert" }).sort).toBe("best");
  });

  it("keeps only a choice that differs from what the search picks, so new words still rank by Best match", () => {
    expect(chosenSort("concert", "best")).toBeNull();
    expect(chosenSort("concert", "newest")).toBe("newest");
    expect(chosenSort("", "newest")).toBeNull();
    expect(chosenSort("", "most_upvotes")).toBe("most_upvotes");
    expect(filtersToParams({ ...noFilters, search: "concert", sort: chosenSort("concert", "best") }).toString()).toBe("search=concert");
  });
});

describe("activeFilterCount", () => {
  it("counts the form's filters and those typed in the search, not the words or the sort", () => {
    expect(activeFilterCount({ ...noFilters, search: "concert", sort: "oldest" })).toBe(0);
    expect(activeFilterCount({ ...noFilters, search: "concert tag:live has:media from:2024-01-01", tags: ["tour", "live"], author: "Sato", date: "2024-05-01", has: ["sources"] })).toBe(
      3 + 2 + 1 + 1 + 1,
    );
  });
});
