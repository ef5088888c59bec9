import { useMemo, type ReactNode } from "react";
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

/** The small heading over one side of a comparison, or over what goes with it (a suggestion's summary). */
export function SideLabel({ children }: { children: ReactNode }) {
  return <span className={styles.sideLabel}>{children}</span>;
}

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
      {/* Under the card, dialog or comparison heading (an h2) it sits in. */}
      <h3 className={styles.fieldName}>{change.label}</h3>
      <div className={styles.sides}>
        {(["before", "after"] as const).map((which) => (
          <div key={which} className={styles.side}>
            <SideLabel>{labels[which]}</SideLabel>
            <div className={change.diff ? styles.longText : undefined} data-testid={`${which}-${change.field}`}>
              {side(which)}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
