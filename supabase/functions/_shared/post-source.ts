/** A source as a post lists it (GET /api/posts/{id}/sources), for the function and the SPA. */
export interface PostSource {
  url: string;
  host: string;
  state: "unchecked" | "alive" | "moved" | "dead" | "uncheckable";
  movedTo: string | null;
  checked_at: string | null;
  archived_url: string | null;
  archived_at: string | null;
  /** Where the post first cites it: its references, else its content. */
  place: "references" | "content";
}
