/** The first `max` tags and how many more there are (for '+N' / '+N more'). */
export function visibleTags(tags: string[], max: number): { shown: string[]; hidden: number } {
  return { shown: tags.slice(0, max), hidden: Math.max(0, tags.length - max) };
}
