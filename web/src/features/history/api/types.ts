/** How a revision came about. */
export type RevisionKind = "approval" | "suggestion" | "admin_edit";

/** One entry of a post's history (GET /api/posts/{id}/revisions). */
export type Revision = {
  id: number;
  post_id: number;
  kind: RevisionKind;
  /** Whose words: the post's author (approval) or the suggester; null for an admin's edit. */
  author_name: string | null;
  /** The suggestion's summary or the admin's note; null while the content is hidden, except for admins. */
  reason: string | null;
  /** The fields that differ from the revision before (every field for the first). */
  changed_fields: string[];
  /** An admin hid its fields and reason from everyone but admins. */
  content_hidden: boolean;
  created_at: string;
};

/** A post's fields as a revision keeps them (the database's snapshot). */
export type RevisionFields = Record<string, unknown>;

/** null while an admin hides them, except in an admin's read. */
export type RevisionWithFields = Revision & { fields: RevisionFields | null };
