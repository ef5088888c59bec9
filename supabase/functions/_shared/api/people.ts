import { z } from "zod";

/**
 * /api/admin/people (admins): every account as People shows it
 * (private.person_json), and the answers to an invitation, a role change and
 * a confirmation sent again.
 */
export const person = z
  .object({
    id: z.uuid(),
    displayName: z.string(),
    email: z.string(),
    /** ISO 8601 in UTC. */
    joinedAt: z.string(),
    lastSignInAt: z.string().nullable(),
    role: z.enum(["member", "moderator", "admin"]),
    state: z.enum(["active", "suspended", "unconfirmed", "invited"]),
    /** With state suspended: null means for good. */
    suspendedUntil: z.string().nullable(),
    suspensionReason: z.string().nullable(),
    /** The role a waiting invitation gives. */
    invitedAs: z.enum(["moderator", "admin"]).nullable(),
    counts: z.object({
      posts: z.number().int(),
      comments: z.number().int(),
      /** Reports of their posts and comments that were not dismissed. */
      reportsAgainst: z.number().int(),
    }),
  })
  .meta({
    id: "Person",
    description: "An account as People shows it. suspendedUntil is null while not suspended and for a suspension for good.",
    example: {
      id: "0b6f3c1e-8d0a-4f2b-9c55-5a1f0c2e7d31",
      displayName: "Ada L.",
      email: "ada@example.com",
      joinedAt: "2026-11-02T09:14:03.512Z",
      lastSignInAt: "2026-12-01T18:40:11.004Z",
      role: "member",
      state: "active",
      suspendedUntil: null,
      suspensionReason: null,
      invitedAs: null,
      counts: { posts: 3, comments: 12, reportsAgainst: 0 },
    },
  });

export type Person = z.infer<typeof person>;

export const peoplePage = z.object({
  people: z.array(person),
  /** Pass back as `cursor` for the next page; null at the end. */
  nextCursor: z.string().nullable(),
});

export type PeoplePage = z.infer<typeof peoplePage>;

/** The account after an invitation or a role change. */
export const personAnswer = z.object({ person });

export type PersonAnswer = z.infer<typeof personAnswer>;

export const confirmationSentAnswer = z.object({
  success: z.literal(true),
  message: z.string().meta({ example: "The invitation was sent again." }),
});

export type ConfirmationSentAnswer = z.infer<typeof confirmationSentAnswer>;
