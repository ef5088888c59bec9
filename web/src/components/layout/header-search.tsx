import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { SearchIcon } from "@/components/ui/icons";
import iconButton from "@/components/ui/icon-button.module.css";
import { useDisclosure } from "@/hooks/use-disclosure";
import styles from "./header-search.module.css";

/** All posts with these words in its search box: the page reads them from `?search=` (features/posts/utils/filters.ts). */
export function allPostsSearchPath(query: string): string {
  const words = query.trim();
  return words ? `${paths.allPosts}?${new URLSearchParams({ search: words })}` : paths.allPosts;
}

/** The header's search: a field in the bar, or on a narrow screen a button that opens it below the bar. */
export function HeaderSearch({ collapsed }: { collapsed: boolean }) {
  return collapsed ? <CollapsedSearch /> : <SearchForm className={styles.inline} />;
}

function CollapsedSearch() {
  const search = useDisclosure();
  return (
    <div {...search.rootProps}>
      <button {...search.buttonProps} className={iconButton.iconButton}>
        <SearchIcon />
        <span className="visually-hidden">Search</span>
      </button>
      <div {...search.panelProps} className={styles.panel}>
        <SearchForm className="container" />
      </div>
    </div>
  );
}

/** Goes to All posts' results for the words typed, and empties itself: the results page shows them in its own box. */
function SearchForm({ className }: { className: string }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(allPostsSearchPath(query));
    setQuery("");
  };

  return (
    <form role="search" aria-label="Search the archive" className={`${styles.form} ${className}`} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search posts
      </label>
      <input
        id={id}
        type="search"
        className={styles.input}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="Search posts"
        enterKeyHint="search"
        autoComplete="off"
      />
      <button type="submit" className={`${iconButton.iconButton} ${iconButton.joinedToField}`}>
        <SearchIcon size={18} />
        <span className="visually-hidden">Find posts</span>
      </button>
    </form>
  );
}
