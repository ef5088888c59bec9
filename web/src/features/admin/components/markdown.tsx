import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { MarkdownImage } from "@/components/markdown/markdown-image";

// A submission's images from other hosts stay buttons until the admin asks for them.
const components: Components = {
  img: ({ src, alt, title }) => <MarkdownImage src={typeof src === "string" ? src : undefined} alt={alt} title={title} externalImages="click-to-load" />,
};

/** Loaded lazily (see markdown-view.tsx): react-markdown stays out of the other chunks. */
export default function Markdown({ source }: { source: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
      {source}
    </ReactMarkdown>
  );
}
