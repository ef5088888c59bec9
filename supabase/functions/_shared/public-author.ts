/** GET /api/authors/{id}: someone whose name is public (the function writes it, the SPA reads it). */
export interface PublicAuthor {
  id: string;
  name: string;
  /** The month the account was made, YYYY-MM. */
  member_since: string;
  /** Published posts. */
  post_count: number;
}
