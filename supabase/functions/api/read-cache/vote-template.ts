import type { Votable, Votables } from "./votables.ts";

type Field = "upvotes" | "downvotes" | "comment_count" | "user_vote";

/** Where a post's or comment's counters and vote sit in an answer's text. */
interface Slot {
  target: "post" | "comment";
  id: number;
  field: Field;
  visitorValue: number | string;
  /** `post:{id}` / `comment:{id}`, the slot's key in CurrentVotes: built once per template, not per slot and request. */
  key: string;
}

/** What replaces a slot: the current counters and the member's own vote on one post or comment, by `post:{id}` / `comment:{id}`. */
export type CurrentVotes = ReadonlyMap<string, { [field in Field]?: number | string | null }>;

/**
 * A visitor's answer cut where each post's and comment's counters and vote
 * go: `pieces` alternates text and slot numbers. A member's answer is the same
 * text with their values put in, so it is neither parsed nor serialised again
 * per request (worked out once per kept answer, see cache.ts).
 */
export interface VoteTemplate {
  pieces: string[];
  slots: Slot[];
  postIds: number[];
  commentIds: number[];
  /** The posts the comments belong to: private.member_votes reads a thread as one range. */
  commentPostIds: number[];
  /**
   * The counters the visitor's answer shows, aligned with `postIds` and
   * `commentIds` (null where it shows none): private.member_votes reports
   * only the posts and comments that differ, or that the member voted on.
   */
  shownPosts: ShownCounters<"upvotes" | "downvotes" | "comment_count">;
  shownComments: ShownCounters<"upvotes" | "downvotes">;
}

type ShownCounters<Counter extends Field> = { [counter in Counter]: (number | null)[] };

// Lists and the post detail show a post's comment count; comments have none.
const fieldsOf = {
  post: ["upvotes", "downvotes", "comment_count", "user_vote"],
  comment: ["upvotes", "downvotes", "user_vote"],
} as const satisfies Record<Slot["target"], readonly Field[]>;

export function voteTemplate<Answer>(json: string, votables: Votables<Answer>): VoteTemplate {
  const answer = JSON.parse(json) as Answer;
  // A mark nobody can write into a post: it is new for every template.
  const mark = crypto.randomUUID();
  const slots: Slot[] = [];
  const markSlots = (target: Slot["target"], items: readonly (Votable | null)[]) => {
    for (const item of items) {
      if (!item) continue;
      for (const field of fieldsOf[target]) {
        if (!(field in item)) continue;
        slots.push({ target, id: item.id, field, visitorValue: item[field] as number | string, key: `${target}:${item.id}` });
        (item as Record<string, unknown>)[field] = `${mark}:${slots.length - 1}`;
      }
    }
  };
  const comments = votables.comments?.(answer) ?? [];
  markSlots("post", votables.posts?.(answer) ?? []);
  markSlots("comment", comments);
  const idsOf = (target: Slot["target"]) => [...new Set(slots.filter((slot) => slot.target === target).map((slot) => slot.id))];
  const postIds = idsOf("post");
  const commentIds = idsOf("comment");
  // A post shown twice (pinned and in a list) shows the same values: they come from one read.
  const shown = new Map<string, number | string>();
  for (const slot of slots) if (!shown.has(`${slot.key}:${slot.field}`)) shown.set(`${slot.key}:${slot.field}`, slot.visitorValue);
  const shownOf = (target: Slot["target"], ids: number[], field: Field) =>
    ids.map((id) => (shown.get(`${target}:${id}:${field}`) ?? null) as number | null);
  return {
    pieces: JSON.stringify(answer).split(new RegExp(`"${mark}:(\\d+)"`)),
    slots,
    postIds,
    commentIds,
    commentPostIds: [...new Set(comments.map((comment) => comment.post_id))],
    shownPosts: {
      upvotes: shownOf("post", postIds, "upvotes"),
      downvotes: shownOf("post", postIds, "downvotes"),
      comment_count: shownOf("post", postIds, "comment_count"),
    },
    shownComments: { upvotes: shownOf("comment", commentIds, "upvotes"), downvotes: shownOf("comment", commentIds, "downvotes") },
  };
}

/** The answer with `current` values in its slots; a post or comment `current` lacks keeps the visitor's. */
export function fillTemplate(template: VoteTemplate, current: CurrentVotes): string {
  let text = "";
  template.pieces.forEach((piece, index) => {
    if (index % 2 === 0) {
      text += piece;
      return;
    }
    const slot = template.slots[Number(piece)];
    const value = current.get(slot.key)?.[slot.field] ?? slot.visitorValue;
    text += JSON.stringify(value);
  });
  return text;
}
