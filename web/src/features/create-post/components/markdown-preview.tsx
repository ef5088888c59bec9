import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";

/** Loaded lazily (React.lazy) so the markdown renderer is only fetched when the preview opens. */
export default function MarkdownPreview({ source }: { source: string }) {
  return <Markdown remarkPlugins={[remarkGfm]}>{source}</Markdown>;
}
