import { stringify } from "csv-stringify/sync";
import { postColumns, type PostRecord } from "./post-record.ts";

/**
 * CSV lines (RFC 4180, CRLF) by csv-stringify. `escape_formulas` puts an
 * apostrophe before a cell that starts with = + - @ (or a tab or carriage
 * return), so a spreadsheet opening the file shows the text instead of
 * running it as a formula (OWASP, "CSV Injection").
 */
const csvOptions = { record_delimiter: "windows", escape_formulas: true } as const;

export const csvHeader = stringify([[...postColumns]], csvOptions);

export function csvRows(records: PostRecord[]): string {
  return stringify(
    records.map((record) => postColumns.map((column) => {
      const value = record[column];
      return Array.isArray(value) ? value.join(", ") : value;
    })),
    csvOptions,
  );
}
