import { z } from "zod";
import { post } from "./posts.ts";

const cursor = z.string().nullable().meta({ description: "Pass back as `cursor` for the next page; null at the end." });

/** GET /api/me: whether the caller may take part, and an invitation waiting for them. */
export const meAnswer = z
  .object({
    adultConfirmed: z.boolean(),
    suspension: z
      .object({
        until: z.string().nullable().meta({ description: "When the suspension ends (ISO time); null: for good." }),
        reason: z.string().nullable().meta({ description: "The reason as the admin wrote it." }),
      })
      .nullable()
      .meta({ description: "A suspension that lasts, or null." }),
    invitation: z
      .object({ role: z.enum(["moderator", "admin"]) })
      .nullable()
      .meta({ description: "An invitation to the team waiting to be accepted (POST /api/me/invitation), or null." }),
  })
  .meta({ id: "Me", example: { adultConfirmed: true, suspension: null, invitation: null } });

/** POST /api/me/invitation: the role the invitee now has. */
export const acceptedInvitation = z.object({ role: z.enum(["moderator", "admin"]) }).meta({ example: { role: "moderator" } });

/** One of the caller's own posts, whatever its state (GET /api/me/posts): its card without content, and its review. */
export const myPost = post
  .extend({
    content: z.null(),
    rejection_reason: z.string().nullable().meta({ description: "Why a rejected post was not accepted; null when no reason was given." }),
    reviewed_at: z.string().nullable(),
  })
  .meta({ id: "MyPost" });

/** GET /api/me/posts: a page of the caller's posts, newest first. */
export const myPostsPage = z.object({ posts: z.array(myPost), nextCursor: cursor }).meta({ id: "MyPostsPage" });

/** A post the caller withdrew before review: only its title and dates are kept (private.withdrawn_posts). */
export const myWithdrawnPost = z
  .object({
    id: z.number().int().meta({ description: "The id the post had." }),
    title: z.string(),
    created_at: z.string().meta({ description: "When it was sent." }),
    withdrawn_at: z.string(),
  })
  .meta({
    id: "MyWithdrawnPost",
    example: { id: 42, title: "Opening of the new library", created_at: "2025-03-02T10:15:00.123456+00:00", withdrawn_at: "2025-03-02T11:00:00.5+00:00" },
  });

/** GET /api/me/withdrawn-posts: the caller's withdrawn posts, most recently withdrawn first (the newest 100). */
export const myWithdrawnPosts = z.object({ posts: z.array(myWithdrawnPost) }).meta({ id: "MyWithdrawnPosts" });

export type MyWithdrawnPost = z.infer<typeof myWithdrawnPost>;

/** One of the caller's own edit suggestions: which post, which fields it changes, and what became of it. */
export const myEditSuggestion = z
  .object({
    id: z.number().int(),
    post_id: z.number().int(),
    post_title: z.string().nullable().meta({ description: "The post's title now; null when the caller may no longer read the post." }),
    summary: z.string(),
    fields: z.array(z.string()).meta({ description: "The fields it changes, in alphabetical order." }),
    status: z.enum(["pending", "approved", "rejected"]),
    rejection_reason: z.string().nullable(),
    created_at: z.string(),
    reviewed_at: z.string().nullable(),
  })
  .meta({
    id: "MyEditSuggestion",
    example: {
      id: 7,
      post_id: 42,
      post_title: "Opening of the new library",
      summary: "The date was a day off.",
      fields: ["event_timestamp"],
      status: "pending",
      rejection_reason: null,
      created_at: "2025-03-02T10:15:00.123456+00:00",
      reviewed_at: null,
    },
  });

/** GET /api/me/edit-suggestions: a page of the caller's edit suggestions, newest first. */
export const myEditSuggestionsPage = z
  .object({ suggestions: z.array(myEditSuggestion), nextCursor: cursor })
  .meta({ id: "MyEditSuggestionsPage" });

/** One of the caller's own general suggestions. */
export const mySuggestion = z
  .object({
    id: z.uuid(),
    suggestion: z.string(),
    status: z.string().meta({ description: "new, or what the operators made of it (lowercase letters and underscores)." }),
    created_at: z.string(),
  })
  .meta({
    id: "MySuggestion",
    example: { id: "0b6c7f5e-8a8d-4a43-9a57-3f3c2f8f1e2d", suggestion: "A map of the events.", status: "new", created_at: "2025-03-02T10:15:00.123456+00:00" },
  });

/** GET /api/me/suggestions: a page of the caller's general suggestions, newest first. */
export const mySuggestionsPage = z.object({ suggestions: z.array(mySuggestion), nextCursor: cursor }).meta({ id: "MySuggestionsPage" });

const row = z.looseObject({});

/**
 * GET /api/me/export: everything the archive holds about the caller
 * (private.account_export). The rows are as the database keeps them; each
 * list is oldest first.
 */
export const accountExport = z
  .looseObject({
    exported_at: z.string(),
    account: z.looseObject({ id: z.uuid(), email: z.string().nullable(), created_at: z.string(), last_sign_in_at: z.string().nullable() }),
    profile: z
      .looseObject({
        first_name: z.string().nullable(),
        last_name: z.string().nullable(),
        display_name: z.string(),
        adult_confirmed: z.boolean(),
        created_at: z.string(),
      })
      .nullable(),
    roles: z.array(z.enum(["admin", "moderator"])),
    posts: z.array(row).meta({ description: "Each post's fields, status, review and media." }),
    comments: z.array(row),
    post_votes: z.array(row),
    comment_votes: z.array(row),
    edit_suggestions: z.array(row),
    suggestions: z.array(row),
    notifications: z.array(row),
    reports: z.array(row).meta({ description: "The reports the caller made." }),
    post_follows: z.array(row).meta({ description: "The posts the caller follows." }),
    tag_follows: z.array(row),
    author_follows: z.array(row).meta({ description: "The authors the caller follows (never who follows the caller)." }),
    notification_preferences: z.array(row).meta({ description: "How the caller chose to hear of each topic (none: the defaults)." }),
    digest_settings: z.array(row),
  })
  .meta({ id: "AccountExport" });

/** DELETE /api/me: the account is gone. */
export const accountDeleted = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ example: { success: true, message: "Your account has been deleted." } });

export type MeAnswer = z.infer<typeof meAnswer>;
export type AcceptedInvitation = z.infer<typeof acceptedInvitation>;
export type MyPost = z.infer<typeof myPost>;
export type MyPostsPage = z.infer<typeof myPostsPage>;
export type MyEditSuggestion = z.infer<typeof myEditSuggestion>;
export type MyEditSuggestionsPage = z.infer<typeof myEditSuggestionsPage>;
export type MySuggestion = z.infer<typeof mySuggestion>;
export type MySuggestionsPage = z.infer<typeof mySuggestionsPage>;
export type AccountExport = z.infer<typeof accountExport>;
export type AccountDeleted = z.infer<typeof accountDeleted>;
