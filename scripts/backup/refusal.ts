/** A restore (or backup) that will not go on: said plainly, with nothing changed. */
export class Refusal extends Error {}
