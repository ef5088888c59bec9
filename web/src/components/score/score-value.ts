/** SPEC §2: score = upvotes minus downvotes. */
export function score(item: { upvotes: number; downvotes: number }): number {
  return (item.upvotes ?? 0) - (item.downvotes ?? 0);
}

/** Green when 0 or more, red when negative. */
export function scoreTone(value: number): "positive" | "negative" {
  return value < 0 ? "negative" : "positive";
}
