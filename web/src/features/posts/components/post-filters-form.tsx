import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { SelectOptions } from "@/components/ui/form/select-field";
import { Chevron } from "@/components/ui/icons";
import { useDisclosure } from "@/hooks/use-disclosure";
import { useMediaQuery } from "@/hooks/use-media-query";
import { addTag } from "../utils/display";
import { activeFilterCount, chosenSort, hasOptions, noFilters, searchHasWords, sortOf, sortOptions, typeOptions, type PostFilters } from "../utils/filters";
import styles from "./lists.module.css";

const SEARCH_PAUSE_MS = 350;

/** Below the site's narrow breakpoint the filters fold behind a button, so the results start near the top of a phone's screen. */
export const foldedFiltersQuery = "(max-width: 40rem)";

type Props = {
  filters: PostFilters;
  /** Called with the new filters; the route keeps them in the URL query. */
  onChange: (filters: PostFilters) => void;
};

/** The All posts filters (SPEC §2): search as the reader types, then author, type, days, date, sort, tags and what a post has. */
export function PostFiltersForm({ filters, onChange }: Props) {
  const id = useId();
  const [search, setSearch] = useState(filters.search);
  const [tagInput, setTagInput] = useState("");
  const [author, setAuthor] = useState(filters.author);
  const pendingSearch = useRef<number | undefined>(undefined);
  const folded = useMediaQuery(foldedFiltersQuery);
  const fold = useDisclosure({ inline: true });

  // Follow the URL (back/forward, reload, a tag link, a "Clear" link).
  useEffect(() => setSearch(filters.search), [filters.search]);
  useEffect(() => setAuthor(filters.author), [filters.author]);

  // Search as the reader types, after a short pause.
  useEffect(() => {
    if (search === filters.search) return;
    pendingSearch.current = window.setTimeout(() => onChange({ ...filters, search }), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(pendingSearch.current);
  }, [search, filters, onChange]);

  // Every other change carries the search and author as typed and cancels
  // the pending search: the router commits a new URL in a transition, and a
  // timer firing after the click but before that commit would put the old
  // filters back.
  const change = (next: Partial<PostFilters>) => {
    window.clearTimeout(pendingSearch.current);
    onChange({ ...filters, search, author: author.trim(), ...next });
  };

  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const tags = addTag(filters.tags, tagInput);
    setTagInput("");
    if (tags !== filters.tags) change({ tags });
  };

  // The author applies when the reader leaves the field or presses Enter (the form's submit), not at each letter of a name.
  const applyAuthor = () => {
    if (author.trim() !== filters.author) change({});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({});
  };

  const typed = { ...filters, search, author: author.trim() };
  const sort = sortOf(typed);
  // Best match ranks words: without any it is not a choice.
  const sorts = searchHasWords(search) ? sortOptions : sortOptions.filter((option) => option.value !== "best");
  const typeValue = filters.types.join(",");
  const types = typeOptions.some((option) => option.value === typeValue) || !typeValue ? typeOptions : [...typeOptions, { value: typeValue, label: filters.types.join(" or ") }];
  const count = activeFilterCount(typed);
  const hasFilters = count > 0 || search.trim() !== "" || filters.sort !== null;

  return (
    <form role="search" aria-label="Filter posts" className={styles.filters} onSubmit={submit}>
      <div className={`${styles.field} ${styles.searchField}`}>
        <label htmlFor={`${id}-search`}>Search</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search posts" enterKeyHint="search" />
      </div>
      {folded !== false && (
        <Button variant="secondary" className={`${styles.foldButton} ${folded === undefined ? styles.foldedByWidth : ""}`} {...fold.buttonProps}>
          {count ? `Filters (${count})` : "Filters"}
          <Chevron className={styles.foldChevron} />
        </Button>
      )}
      <div
        {...fold.panelProps}
        hidden={folded === true && !fold.open}
        className={`${styles.filterPanel} ${folded === undefined ? styles.foldedByWidth : ""}`}
      >
        <div className={`${styles.field} ${styles.wideField}`}>
          <label htmlFor={`${id}-author`}>Author</label>
          <input
            id={`${id}-author`}
            type="text"
            value={author}
            onChange={(event) => setAuthor(event.target.value)}
            onBlur={applyAuthor}
            placeholder="Any author"
            autoComplete="off"
          />
        </div>
        <div className={`${styles.field} ${styles.wideField}`}>
          <label htmlFor={`${id}-tag`}>Tags</label>
          <input
            id={`${id}-tag`}
            type="text"
            value={tagInput}
            onChange={(event) => setTagInput(event.target.value)}
            onKeyDown={onTagKey}
            placeholder="Type a tag, press Enter"
            aria-describedby={`${id}-tag-hint`}
          />
          <span id={`${id}-tag-hint`} className="visually-hidden">
            Press Enter to add the tag to the filter.
          </span>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select id={`${id}-sort`} value={sort} onChange={(event) => change({ sort: chosenSort(search, event.target.value as typeof sort) })}>
            <SelectOptions options={sorts} />
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-type`}>Type</label>
          <select id={`${id}-type`} value={typeValue} onChange={(event) => change({ types: event.target.value ? event.target.value.split(",") : [] })}>
            <option value="">Any type</option>
            <SelectOptions options={types} />
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-from`}>From</label>
          <input id={`${id}-from`} type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => change({ from: event.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-to`}>To</label>
          <input id={`${id}-to`} type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => change({ to: event.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-date`}>Date</label>
          <input id={`${id}-date`} type="date" value={filters.date} onChange={(event) => change({ date: event.target.value })} />
        </div>
        <div className={styles.checks}>
          {hasOptions.map((option) => (
            <label key={option.value} className={styles.check}>
              <input
                type="checkbox"
                checked={filters.has.includes(option.value)}
                onChange={(event) =>
                  change({ has: event.target.checked ? [...filters.has, option.value] : filters.has.filter((has) => has !== option.value) })
                }
              />
              {option.label}
            </label>
          ))}
        </div>
        {filters.tags.length > 0 && (
          <ul className={styles.activeTags} aria-label="Tag filters">
            {filters.tags.map((tag) => (
              <li key={tag}>
                <span>{tag}</span>
                <button type="button" aria-label={`Remove tag ${tag}`} onClick={() => change({ tags: filters.tags.filter((t) => t !== tag) })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        {hasFilters ? (
          <Button variant="ghost" size="small" className={styles.clear} onClick={() => change(noFilters)}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </form>
  );
}
