import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setScreenWidth } from "@/testing/screen-width";
import { noFilters, type PostFilters } from "../utils/filters";
import { PostFiltersForm } from "./post-filters-form";

// The route applies a change in a transition: until it commits, the form still
// holds the old filters. Rendering the form with fixed filters is that window.
const filters: PostFilters = { ...noFilters, search: "lanterns", sort: "most_upvotes", tags: ["tour"] };

const renderForm = (shown: PostFilters, onChange = vi.fn()) => {
  const view = render(<PostFiltersForm filters={shown} onChange={onChange} />, { wrapper: MemoryRouter });
  return { ...view, onChange };
};

describe("PostFiltersForm", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setScreenWidth(1280);
  });
  afterEach(() => vi.useRealTimers());

  it("searches after a pause in typing, keeping the other filters", () => {
    const { onChange } = renderForm(filters);
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "northbound" } });
    act(() => vi.advanceTimersByTime(349));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ ...filters, search: "northbound" });
  });

  it("a tag removed while a search is pending keeps the typed search, and the pending one does not put the tag back", () => {
    const { onChange } = renderForm(filters);
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Remove tag tour" }));
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange.mock.calls).toEqual([[{ ...filters, search: "", tags: [] }]]);
  });

  it("a new sort or tag carries the search typed so far", () => {
    const { onChange } = renderForm(filters);
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "harbour" } });
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "oldest" } });
    const tagInput = screen.getByRole("textbox", { name: "Tags" });
    fireEvent.change(tagInput, { target: { value: " Encore " } });
    fireEvent.keyDown(tagInput, { key: "Enter" });
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange.mock.calls).toEqual([[{ ...filters, search: "harbour", sort: "oldest" }], [{ ...filters, search: "harbour", tags: ["tour", "encore"] }]]);
  });

  it("offers Best match, first and chosen, only while the search has words", () => {
    const { rerender, onChange } = renderForm({ ...noFilters, search: "concert" });
    const sort = screen.getByLabelText<HTMLSelectElement>("Sort by");
    expect(within(sort).getAllByRole("option").map((option) => option.textContent)).toEqual(["Best match", "Newest", "Oldest", "Most upvotes"]);
    expect(sort.value).toBe("best");
    fireEvent.change(sort, { target: { value: "newest" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...noFilters, search: "concert", sort: "newest" });

    rerender(<PostFiltersForm filters={{ ...noFilters, search: "tag:live" }} onChange={onChange} />);
    expect(within(sort).getAllByRole("option").map((option) => option.textContent)).toEqual(["Newest", "Oldest", "Most upvotes"]);
    expect(sort.value).toBe("newest");
  });

  it("sets the author when the field is left, the type, the days and what a post has", () => {
    const { onChange } = renderForm(noFilters);
    const author = screen.getByRole("textbox", { name: "Author" });
    fireEvent.change(author, { target: { value: " Hana Sato " } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(author);
    expect(onChange).toHaveBeenLastCalledWith({ ...noFilters, author: "Hana Sato" });
    const type = screen.getByRole("combobox", { name: "Type" });
    expect(within(type).getAllByRole("option").map((option) => option.textContent)).toEqual(["Any type", "Event", "Discussion", "News", "Interview", "Other"]);
    fireEvent.change(type, { target: { value: "interview" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...noFilters, author: "Hana Sato", types: ["interview"] });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "2024-01-01" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...noFilters, author: "Hana Sato", from: "2024-01-01" });
    fireEvent.change(screen.getByLabelText("To"), { target: { value: "2024-12-31" } });
    expect(onChange).toHaveBeenLastCalledWith({ ...noFilters, author: "Hana Sato", to: "2024-12-31" });
    fireEvent.click(screen.getByRole("checkbox", { name: "Has media" }));
    expect(onChange).toHaveBeenLastCalledWith({ ...noFilters, author: "Hana Sato", has: ["media"] });
  });

  it("on a wide screen shows every filter with no fold", () => {
    renderForm({ ...noFilters, tags: ["live"] });
    expect(screen.queryByRole("button", { name: /^Filters/ })).toBeNull();
    expect(screen.getByRole("textbox", { name: "Author" })).toBeVisible();
  });

  describe("on a phone", () => {
    beforeEach(() => setScreenWidth(360));

    it("folds the filters behind 'Filters (n)', counting the fields' filters and those typed in the search, and keeps the search field in view", () => {
      renderForm({ ...noFilters, search: "concert tag:live from:2024-01-01", tags: ["tour"], has: ["media"], sort: "oldest" });
      expect(screen.getByRole("searchbox", { name: "Search" })).toBeVisible();
      const button = screen.getByRole("button", { name: "Filters (4)" });
      expect(button).toHaveAttribute("aria-expanded", "false");
      expect(screen.queryByRole("textbox", { name: "Author" })).toBeNull();
      expect(screen.getByLabelText("Sort by")).not.toBeVisible();

      fireEvent.click(button);
      expect(button).toHaveAttribute("aria-expanded", "true");
      const author = screen.getByRole("textbox", { name: "Author" });
      expect(author).toBeVisible();
      expect(author).toHaveFocus();
      expect(document.getElementById(button.getAttribute("aria-controls")!)).toContainElement(author);

      fireEvent.click(button);
      expect(screen.queryByRole("textbox", { name: "Author" })).toBeNull();
    });

    it("says 'Filters' alone when none is active, and stays open while a filter changes the page", () => {
      const { rerender, onChange } = renderForm({ ...noFilters, search: "concert" });
      fireEvent.click(screen.getByRole("button", { name: "Filters" }));
      fireEvent.click(screen.getByRole("checkbox", { name: "Has sources" }));
      rerender(<PostFiltersForm filters={{ ...noFilters, search: "concert", has: ["sources"] }} onChange={onChange} />);
      expect(screen.getByRole("button", { name: "Filters (1)" })).toHaveAttribute("aria-expanded", "true");
      expect(screen.getByRole("checkbox", { name: "Has sources" })).toBeChecked();
    });
  });
});
