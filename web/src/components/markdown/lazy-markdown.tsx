import { lazy, Suspense, type ReactNode } from "react";
import type { MarkdownProps } from "./markdown";

// react-markdown and its plugins are a chunk of their own, fetched on the first render.
const Markdown = lazy(() => import("./markdown"));

/** The markdown renderer, loaded when first shown; `fallback` stands in until then. */
export function LazyMarkdown({ fallback, ...props }: MarkdownProps & { fallback: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <Markdown {...props} />
    </Suspense>
  );
}
