import { score, scoreTone } from "./score-value";
import styles from "./score.module.css";

export type ScoreProps = {
  upvotes: number;
  downvotes: number;
  /**
   * "label" (default): ▲ or ▼ before the number, and "points" for screen
   * readers. "vote": the number alone, between a vote control's buttons, which
   * show the direction themselves.
   */
  variant?: "label" | "vote";
  className?: string;
  testId?: string;
};

/** The score (upvotes minus downvotes): green when 0 or more, red when negative. */
export function Score({ upvotes, downvotes, variant = "label", className, testId }: ScoreProps) {
  const value = score({ upvotes, downvotes });
  const classes = [styles.score, styles[scoreTone(value)], className].filter(Boolean).join(" ");
  if (variant === "vote") {
    return (
      <span className={classes} aria-label={`Score ${value}`} data-testid={testId ?? "vote-score"}>
        {value}
      </span>
    );
  }
  return (
    <span className={classes} data-testid={testId ?? "score"}>
      <span aria-hidden="true">{value < 0 ? "▼" : "▲"}</span> {value}
      <span className="visually-hidden"> points</span>
    </span>
  );
}
