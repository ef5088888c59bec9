import { lazy, Suspense, type ReactNode } from "react";
import type { MarkdownProps } from "./markdown";

let loaded: typeof import("./markdown") | undefined;

/**
 * Loads the markdown renderer. A server-rendered page that shows markdown (a
 * post) loads it before it is hydrated (its route's `beforeHydrate`):
 * rendered then at once, the markdown hydrates with the page instead of being
 * replaced by its fallback.
 */
export const loadMarkdown = () => import("./markdown").then((module) => (loaded = module));

// react-markdown and its plugins are a chunk of their own, fetched on the first render.
const Markdown = lazy(loadMarkdown);

/** The markdown renderer, loaded when first shown; `fallback` stands in until then. */
export function LazyMarkdown({ fallback, ...props }: MarkdownProps & { fallback: ReactNode }) {
  const Loaded = loaded?.default;
  return <Suspense fallback={fallback}>{Loaded ? <Loaded {...props} /> : <Markdown {...props} />}</Suspense>;
}
