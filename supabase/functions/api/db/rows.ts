import type { Database } from "../../_shared/database.types.ts";

/** Shorthands over the generated types (`npm run gen:types`), so rows are never typed by hand. */
export type Row<Table extends keyof Database["public"]["Tables"]> = Database["public"]["Tables"][Table]["Row"];
export type Enum<Name extends keyof Database["public"]["Enums"]> = Database["public"]["Enums"][Name];
export type PrivateFunctionResult<Name extends keyof Database["private"]["Functions"]> =
  Database["private"]["Functions"][Name]["Returns"];
