import type { Revision } from "../api/get-revisions";

/** What happened in a revision, in words: who published or changed the post. */
export function revisionLabel(revision: Pick<Revision, "kind" | "author_name">): string {
  switch (revision.kind) {
    case "approval":
      return `Published (written by ${revision.author_name ?? "Deleted user"})`;
    case "suggestion":
      return `Edit suggested by ${revision.author_name ?? "Deleted user"}`;
    case "admin_edit":
      return "Edited by an admin";
  }
}

/** What a revision whose content an admin hid shows in its place, to everyone but admins. */
export const contentHiddenText = "Content hidden by an admin";
