import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { MarkdownImage } from "@/components/markdown/markdown-image";

// The preview shows images as the published post will.
const components: Components = {
  img: ({ src, alt, title }) => <MarkdownImage src={typeof src === "string" ? src : undefined} alt={alt} title={title} externalImages="no-referrer" />,
};

/** Loaded lazily (React.lazy) so the markdown renderer is only fetched when the preview opens. */
export default function MarkdownPreview({ source }: { source: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={components}>
      {source}
    </Markdown>
  );
}
