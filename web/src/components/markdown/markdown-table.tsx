import type { ComponentPropsWithoutRef } from "react";
import styles from "./markdown.module.css";

/** The piece of a hast tree a table's label is read from (react-markdown's `node`). */
type HastNode = { type: string; tagName?: string; value?: string; children?: HastNode[] };

const textOf = (node: HastNode): string => (node.type === "text" ? (node.value ?? "") : (node.children ?? []).map(textOf).join(""));

function firstRow(node: HastNode): HastNode | undefined {
  if (node.tagName === "tr") return node;
  for (const child of node.children ?? []) {
    const row = firstRow(child);
    if (row) return row;
  }
  return undefined;
}

/** "Table: Type of post, Date we use": the table's column headings name its region. */
export function tableLabel(node: HastNode | undefined): string {
  const cells = (node && firstRow(node)?.children?.filter((cell) => cell.tagName === "th" || cell.tagName === "td")) ?? [];
  const headings = cells.map((cell) => textOf(cell).trim()).filter(Boolean);
  return headings.length ? `Table: ${headings.join(", ")}` : "Table";
}

/**
 * A markdown table that keeps its words whole: wider than the screen, it
 * scrolls sideways in its own region, which keyboard users can focus and
 * scroll with the arrow keys.
 */
export function MarkdownTable({ node, ...rest }: ComponentPropsWithoutRef<"table"> & { node?: HastNode }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={tableLabel(node)} tabIndex={0}>
      <table {...rest} />
    </div>
  );
}
