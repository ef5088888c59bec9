import { jsonTextOf } from "../db/json-text.ts";
import type { GzippableAnswer } from "./gzipped-answer.ts";
import type { VoteTemplate } from "./vote-template.ts";

/**
 * A visitor's answer as JSON text, gzipped once it is asked for again
 * (gzipped-answer.ts). `memberTemplate` is what shared-read.ts derives from
 * it for members, worked out once per answer and kept with it.
 */
export interface VisitorAnswer extends GzippableAnswer {
  memberTemplate?: VoteTemplate;
}

interface Entry {
  answer: VisitorAnswer;
  storedAt: number;
}

export interface AnswerStoreLimits {
  maxAgeMs: number;
  maxEntries: number;
  maxBodyBytes: number;
  /**
   * All answers together (as `maxBodyBytes`, counted in characters of JSON;
   * a gzipped copy is kept only when smaller, about a fifth of a list's JSON).
   */
  maxTotalBytes: number;
}

/**
 * Visitors' answers by key, kept until `forgetEverything` (a change) or
 * `maxAgeMs`, the least recently used going first past `maxEntries` or
 * `maxTotalBytes` (a hosted function has 256 MB in all, and requests with
 * ever new addresses, a crawler's or the bench's cache misses, keep the store
 * full).
 *
 * An answer that overlapped a change is not kept: `generation` counts the
 * changes, and an answer is stored only if none arrived while it was built.
 * Requests that miss while the same answer is being built wait for that build
 * rather than each building their own (after a change, every request for a
 * busy page would otherwise go to Postgres at once), unless a change arrived
 * after it started. Nothing is kept while `keeping` is false.
 */
export class AnswerStore {
  keeping = false;
  #entries = new Map<string, Entry>();
  #building = new Map<string, Promise<VisitorAnswer>>();
  #generation = 0;
  #totalBytes = 0;

  constructor(private readonly limits: AnswerStoreLimits) {}

  forgetEverything(): void {
    this.#generation += 1;
    this.#entries.clear();
    this.#totalBytes = 0;
    // A build under way may predate the change: later requests must not wait for it.
    this.#building.clear();
  }

  /** Forgets the answers whose key `matches` (and no build under way is kept: it may predate the change). */
  forget(matches: (key: string) => boolean): void {
    this.#generation += 1;
    for (const key of [...this.#entries.keys()]) if (matches(key)) this.#drop(key);
    for (const key of [...this.#building.keys()]) if (matches(key)) this.#building.delete(key);
  }

  /** The answer for `key`: from memory, from a build under way, else built by `build` (a failed build is thrown to everyone waiting and not kept). */
  async answer(key: string, build: () => Promise<unknown>): Promise<VisitorAnswer> {
    const hit = this.#entries.get(key);
    if (hit && Date.now() - hit.storedAt < this.limits.maxAgeMs) {
      // Most recently used last, so the oldest entry is the first to go.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.answer;
    }

    const underWay = this.#building.get(key);
    if (underWay) return underWay;

    const generationAtStart = this.#generation;
    const built = build().then((value): VisitorAnswer => {
      return { json: jsonTextOf(value), fromMemory: false };
    });
    if (this.keeping) this.#building.set(key, built);
    try {
      const answer = await built;
      if (answer.json.length <= this.limits.maxBodyBytes && this.#generation === generationAtStart && this.keeping) {
        this.#drop(key);
        this.#entries.set(key, { answer: { ...answer, fromMemory: true }, storedAt: Date.now() });
        this.#totalBytes += answer.json.length;
        // The least recently used first (a Map keeps insertion order).
        while (this.#entries.size > this.limits.maxEntries || this.#totalBytes > this.limits.maxTotalBytes) {
          this.#drop(this.#entries.keys().next().value!);
        }
      }
      return answer;
    } finally {
      if (this.#building.get(key) === built) this.#building.delete(key);
    }
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#totalBytes -= entry.answer.json.length;
  }
}
