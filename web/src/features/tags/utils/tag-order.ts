import type { TagCount } from "@/types/api";

/** How the tag index is ordered: by how many posts have a tag (the API's order), or A to Z. */
export type TagOrder = "count" | "name";

export const tagOrderOptions: { value: TagOrder; label: string }[] = [
  { value: "count", label: "Most posts" },
  { value: "name", label: "Name (A–Z)" },
];

export function tagOrderFromParam(value: string | null): TagOrder {
  return value === "name" ? "name" : "count";
}

/** The tags in `order`; ties by count go alphabetically, as the API sends them. */
export function orderTags(tags: TagCount[], order: TagOrder): TagCount[] {
  if (order === "count") return tags;
  return [...tags].sort((a, b) => a.tag.localeCompare(b.tag, "en"));
}
