import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { SelectOptions } from "@/components/ui/form/select-field";
import { addTag } from "../utils/display";
import { sortOptions, type PostFilters } from "../utils/filters";
import styles from "./lists.module.css";

const SEARCH_PAUSE_MS = 350;

type Props = {
  filters: PostFilters;
  /** Called with the new filters; the route keeps them in the URL query. */
  onChange: (filters: PostFilters) => void;
};

/** The All posts filters (SPEC §2): search as the reader types, date, sort and tags. */
export function PostFiltersForm({ filters, onChange }: Props) {
  const id = useId();
  const [search, setSearch] = useState(filters.search);
  const [tagInput, setTagInput] = useState("");
  const pendingSearch = useRef<number | undefined>(undefined);

  // Follow the URL (back/forward, reload, a tag link).
  useEffect(() => setSearch(filters.search), [filters.search]);

  // Search as the reader types, after a short pause.
  useEffect(() => {
    if (search === filters.search) return;
    pendingSearch.current = window.setTimeout(() => onChange({ ...filters, search }), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(pendingSearch.current);
  }, [search, filters, onChange]);

  // Every other change carries the search as typed and cancels the pending
  // one: the router commits a new URL in a transition, and a timer firing
  // after the click but before that commit would put the old filters back.
  const change = (next: Partial<PostFilters>) => {
    window.clearTimeout(pendingSearch.current);
    onChange({ ...filters, search, ...next });
  };

  const onTagKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const tags = addTag(filters.tags, tagInput);
    setTagInput("");
    if (tags !== filters.tags) change({ tags });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({});
  };

  const hasFilters = filters.search || filters.date || filters.tags.length || filters.sort !== "newest";

  return (
    <form role="search" aria-label="Filter posts" className={styles.filters} onSubmit={submit}>
      <div className={`${styles.field} ${styles.wideField}`}>
        <label htmlFor={`${id}-search`}>Search</label>
        <input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search posts" />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-date`}>Date</label>
        <input id={`${id}-date`} type="date" value={filters.date} onChange={(event) => change({ date: event.target.value })} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select id={`${id}-sort`} value={filters.sort} onChange={(event) => change({ sort: event.target.value as PostFilters["sort"] })}>
          <SelectOptions options={sortOptions} />
        </select>
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
        <Button variant="ghost" size="small" className={styles.clear} onClick={() => change({ search: "", date: "", sort: "newest", tags: [] })}>
          Clear filters
        </Button>
      ) : null}
    </form>
  );
}
