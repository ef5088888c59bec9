import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PostFilters } from "../utils/filters";
import { PostFiltersForm } from "./post-filters-form";

// The route applies a change in a transition: until it commits, the form still
// holds the old filters. Rendering the form with fixed filters is that window.
const filters: PostFilters = { search: "lanterns", date: "", sort: "most_upvotes", tags: ["tour"] };

describe("PostFiltersForm", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("searches after a pause in typing, keeping the other filters", () => {
    const onChange = vi.fn();
    render(<PostFiltersForm filters={filters} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "northbound" } });
    act(() => vi.advanceTimersByTime(349));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ ...filters, search: "northbound" });
  });

  it("a tag removed while a search is pending keeps the typed search, and the pending one does not put the tag back", () => {
    const onChange = vi.fn();
    render(<PostFiltersForm filters={filters} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Remove tag tour" }));
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange.mock.calls).toEqual([[{ ...filters, search: "", tags: [] }]]);
  });

  it("a new sort or tag carries the search typed so far", () => {
    const onChange = vi.fn();
    render(<PostFiltersForm filters={filters} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "harbour" } });
    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "oldest" } });
    const tagInput = screen.getByRole("textbox", { name: "Tags" });
    fireEvent.change(tagInput, { target: { value: " Encore " } });
    fireEvent.keyDown(tagInput, { key: "Enter" });
    act(() => vi.advanceTimersByTime(1000));
    expect(onChange.mock.calls).toEqual([[{ ...filters, search: "harbour", sort: "oldest" }], [{ ...filters, search: "harbour", tags: ["tour", "encore"] }]]);
  });
});
