import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { MarkdownImage } from "@/components/markdown/markdown-image";
import styles from "./markdown.module.css";

const components: Components = {
  a: ({ href, children, node: _node, ...rest }) => {
    const external = href ? /^https?:\/\//i.test(href) : false;
    return (
      <a href={href} {...rest} {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}>
        {children}
      </a>
    );
  },
  img: ({ src, alt, title }) => <MarkdownImage src={typeof src === "string" ? src : undefined} alt={alt} title={title} externalImages="no-referrer" />,
  // Keep the post's own heading levels below the page's h1.
  h1: ({ node: _node, ...rest }) => <h2 {...rest} />,
  table: ({ node: _node, ...rest }) => (
    <div className={styles.tableWrap}>
      <table {...rest} />
    </div>
  ),
};

/**
 * Post content rendered from markdown, safely: raw HTML is not rendered (no
 * rehype-raw), and the default URL transform empties `javascript:` and other
 * unsafe link targets. GitHub-flavoured tables, lists and strikethrough work.
 * Loaded lazily (React.lazy), so only the post page downloads it.
 */
export default function Markdown({ children }: { children: string }) {
  return (
    <div className={styles.markdown}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} urlTransform={defaultUrlTransform} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}
