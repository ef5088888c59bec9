/**
 * The tags of a post as shown: the stored comma-separated string, trimmed,
 * empty ones dropped, repeats (case-insensitive) dropped, spelling kept.
 */
export function splitTags(tags: string | null | undefined): string[] {
  if (!tags) return [];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags.split(",")) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    result.push(tag);
  }
  return result;
}

/** The first `max` tags and how many more there are (for '+N' / '+N more'). */
export function visibleTags(tags: string[], max: number): { shown: string[]; hidden: number } {
  return { shown: tags.slice(0, max), hidden: Math.max(0, tags.length - max) };
}
