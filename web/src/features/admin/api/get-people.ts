import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useAdminPages } from "../hooks/use-admin-pages";

export type PersonRole = "member" | "moderator" | "admin";
export type PersonState = "active" | "suspended" | "unconfirmed" | "invited";

/** One account as GET /api/admin/people answers it. */
export type Person = {
  id: string;
  displayName: string;
  email: string;
  joinedAt: string;
  lastSignInAt: string | null;
  role: PersonRole;
  state: PersonState;
  /** With state "suspended": until when, or null for good. */
  suspendedUntil: string | null;
  suspensionReason: string | null;
  /** The role a waiting invitation gives. */
  invitedAs: "moderator" | "admin" | null;
  counts: { posts: number; comments: number; reportsAgainst: number };
};

/** The People page's search and filters, as its URL keeps them ("" for any). */
export type PeopleFilters = { q: string; role: PersonRole | ""; state: PersonState | "" };

export type PeoplePage = { people: Person[]; nextCursor: string | null };

const PEOPLE_PAGE = 50;

/** GET /api/admin/people: newest joined first, a page after `cursor`. */
export function getPeople(filters: PeopleFilters, cursor: string | null, signal?: AbortSignal): Promise<PeoplePage> {
  return api.get<PeoplePage>("/admin/people", { signal, query: { ...filters, q: filters.q.trim(), cursor, limit: PEOPLE_PAGE } });
}

export function usePeople(filters: PeopleFilters) {
  return useAdminPages(queryKeys.people(filters), (cursor, signal) => getPeople(filters, cursor, signal));
}
