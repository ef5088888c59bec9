/**
 * JSON that Postgres already wrote as text (the ready cards of
 * supabase/migrations/…_post_cards.sql and …_comments.sql): answered as it
 * is, never parsed and serialised again. `Shape` is what it parses to, for the code that does
 * (read-cache/vote-template.ts).
 */
export class JsonText<Shape> {
  declare readonly shape?: Shape;
  constructor(readonly text: string) {}
}

/** An answer's JSON text: as Postgres wrote it, or serialised. */
export const jsonTextOf = (answer: unknown): string => answer instanceof JsonText ? answer.text : JSON.stringify(answer);
