/** JSON for an HTML <script> data block: every "<" is escaped, so no value can close the element or open a comment. */
export const scriptSafeJson = (value: unknown): string => JSON.stringify(value).replace(/</g, "\\u003c");
