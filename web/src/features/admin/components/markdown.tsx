import ReactMarkdown from "react-markdown";
import remarkGfm from "remark-gfm";

/** Loaded lazily (see markdown-view.tsx): react-markdown stays out of the other chunks. */
export default function Markdown({ source }: { source: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} skipHtml>
      {source}
    </ReactMarkdown>
  );
}
