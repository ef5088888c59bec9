import { useMemo } from "react";
import type { FieldChange } from "../lib/suggestion-fields";
import { sideParts, wordDiff, type DiffPart } from "../lib/word-diff";
import styles from "./admin.module.css";

function Parts({ parts }: { parts: DiffPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.kind === "added" ? (
          <ins key={index} className={styles.added}>
            {part.text}
          </ins>
        ) : part.kind === "removed" ? (
          <del key={index} className={styles.removed}>
            {part.text}
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/** One changed field: original and suggested side by side; long text and info boxes with a word-level diff. */
export function FieldComparison({ change }: { change: FieldChange }) {
  const parts = useMemo(() => (change.diff ? wordDiff(change.original, change.suggested) : null), [change]);
  const side = (which: "original" | "suggested") => {
    const text = which === "original" ? change.original : change.suggested;
    if (!text) return <em className={styles.muted}>(empty)</em>;
    return parts ? <Parts parts={sideParts(parts, which)} /> : text;
  };
  return (
    <div className={styles.comparison} role="group" aria-label={`${change.label} change`}>
      <h4 className={styles.fieldName}>{change.label}</h4>
      <div className={styles.sides}>
        <div className={styles.side}>
          <span className={styles.sideLabel}>Original</span>
          <div className={change.diff ? styles.longText : undefined} data-testid={`original-${change.field}`}>
            {side("original")}
          </div>
        </div>
        <div className={styles.side}>
          <span className={styles.sideLabel}>Suggested</span>
          <div className={change.diff ? styles.longText : undefined} data-testid={`suggested-${change.field}`}>
            {side("suggested")}
          </div>
        </div>
      </div>
    </div>
  );
}
