import type { PeoplePage, Person } from "@shared/api/people.ts";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useAdminPages } from "../hooks/use-admin-pages";

/** One account as GET /api/admin/people answers it. */
export type { Person, PeoplePage };
export type PersonRole = Person["role"];
export type PersonState = Person["state"];

/** The People page's search and filters, as its URL keeps them ("" for any). */
export type PeopleFilters = { q: string; role: PersonRole | ""; state: PersonState | "" };


const PEOPLE_PAGE = 50;

/** GET /api/admin/people: newest joined first, a page after `cursor`. */
export function getPeople(filters: PeopleFilters, cursor: string | null, signal?: AbortSignal): Promise<PeoplePage> {
  return api.get<PeoplePage>("/admin/people", { signal, query: { ...filters, q: filters.q.trim(), cursor, limit: PEOPLE_PAGE } });
}

export function usePeople(filters: PeopleFilters) {
  return useAdminPages(queryKeys.people(filters), (cursor, signal) => getPeople(filters, cursor, signal));
}
