/** A post or comment as the API shows it: its counters and the reader's own vote. */
export type Votable = { id: number; upvotes: number; downvotes: number; comment_count?: number; user_vote: string };

/** A comment as the API shows it: a votable that names its post. */
export type VotableComment = Votable & { post_id: number };

/**
 * Where the posts and comments are in an answer: for a signed-in reader they
 * get the current counters and the reader's own vote (shared-read.ts).
 */
export interface Votables<Answer> {
  posts?: (answer: Answer) => readonly (Votable | null)[];
  comments?: (answer: Answer) => readonly VotableComment[];
}
