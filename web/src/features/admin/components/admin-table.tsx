import type { ReactNode } from "react";
import styles from "./admin.module.css";

export type AdminTableProps = {
  /** Read by screen readers only: what the rows are, and in which order. */
  caption: string;
  columns: readonly string[];
  /** The rows (`<tr>`), each cell with `data-label` set to its column, which a phone shows beside the value. */
  children: ReactNode;
  className?: string;
};

/** The team's lists as one table: rows on a wide screen, stacked cards on a phone (admin.module.css). */
export function AdminTable({ caption, columns, children, className }: AdminTableProps) {
  return (
    <div className={styles.tableWrap}>
      <table className={className ? `${styles.table} ${className}` : styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
