import { useMemo } from "react";
import type { FieldChange } from "@/lib/field-changes";
import { sideParts, wordDiff, type DiffPart } from "@/lib/word-diff";
import styles from "./diff-view.module.css";

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

/** What each side is called: the review panel compares the post with a suggestion, the history two revisions. */
export type SideLabels = { before: string; after: string };

const suggestionLabels: SideLabels = { before: "Original", after: "Suggested" };

/** One changed field: both versions side by side; long text and info boxes with a word-level diff. */
export function FieldComparison({ change, labels = suggestionLabels }: { change: FieldChange; labels?: SideLabels }) {
  const parts = useMemo(() => (change.diff ? wordDiff(change.before, change.after) : null), [change]);
  const side = (which: "before" | "after") => {
    const text = change[which];
    if (!text) return <em className={styles.muted}>(empty)</em>;
    return parts ? <Parts parts={sideParts(parts, which)} /> : text;
  };
  return (
    <div className={styles.comparison} role="group" aria-label={`${change.label} change`}>
      <h4 className={styles.fieldName}>{change.label}</h4>
      <div className={styles.sides}>
        <div className={styles.side}>
          <span className={styles.sideLabel}>{labels.before}</span>
          <div className={change.diff ? styles.longText : undefined} data-testid={`before-${change.field}`}>
            {side("before")}
          </div>
        </div>
        <div className={styles.side}>
          <span className={styles.sideLabel}>{labels.after}</span>
          <div className={change.diff ? styles.longText : undefined} data-testid={`after-${change.field}`}>
            {side("after")}
          </div>
        </div>
      </div>
    </div>
  );
}
