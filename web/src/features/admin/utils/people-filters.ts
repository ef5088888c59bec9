import type { PeopleFilters, PersonRole, PersonState } from "../api/get-people";

export const roleOptions: { value: PersonRole | ""; label: string }[] = [
  { value: "", label: "Any role" },
  { value: "member", label: "Members" },
  { value: "moderator", label: "Moderators" },
  { value: "admin", label: "Admins" },
];

export const stateOptions: { value: PersonState | ""; label: string }[] = [
  { value: "", label: "Any state" },
  { value: "active", label: "Active" },
  { value: "suspended", label: "Suspended" },
  { value: "unconfirmed", label: "Unconfirmed" },
  { value: "invited", label: "Invited" },
];

const oneOf = <Value extends string>(options: { value: Value | "" }[], value: string | null): Value | "" =>
  options.find((option) => option.value === value)?.value ?? "";

/** The filters a People address holds (`?q=&role=&state=`); an unknown role or state is none. */
export function peopleFiltersFrom(params: URLSearchParams): PeopleFilters {
  return { q: params.get("q") ?? "", role: oneOf(roleOptions, params.get("role")), state: oneOf(stateOptions, params.get("state")) };
}

/** The address's query for these filters, without the empty ones. */
export function peopleSearchParams(filters: PeopleFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value.trim()) params.set(name, value);
  return params;
}
