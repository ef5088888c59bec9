import Markdown from "@/components/markdown/markdown";

/**
 * The content as the published post will show it (the site's one renderer), its headings under the page's h1.
 * Loaded lazily (React.lazy) so the markdown renderer is only fetched when the preview opens.
 */
export default function MarkdownPreview({ source }: { source: string }) {
  return <Markdown headingBase={1}>{source}</Markdown>;
}
