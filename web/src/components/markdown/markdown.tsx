import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { MarkdownImage, type ExternalImages } from "./markdown-image";
import { MarkdownTable } from "./markdown-table";
import styles from "./markdown.module.css";

const shared: Components = {
  a: ({ href, children, node: _node, ...rest }) => {
    const external = href ? /^https?:\/\//i.test(href) : false;
    return (
      <a href={href} {...rest} {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}>
        {children}
      </a>
    );
  },
  // Keep the post's own heading levels below the page's h1.
  h1: ({ node: _node, ...rest }) => <h2 {...rest} />,
  table: MarkdownTable,
};

const componentsFor: Record<ExternalImages, Components> = {
  "no-referrer": { ...shared, img: ({ src, alt, title }) => <MarkdownImage src={typeof src === "string" ? src : undefined} alt={alt} title={title} externalImages="no-referrer" /> },
  "click-to-load": { ...shared, img: ({ src, alt, title }) => <MarkdownImage src={typeof src === "string" ? src : undefined} alt={alt} title={title} externalImages="click-to-load" /> },
};

export type MarkdownProps = {
  children: string;
  /** How images from other hosts load (see markdown-image.tsx); published posts: "no-referrer". */
  externalImages?: ExternalImages;
};

/**
 * Post content rendered from markdown, safely: raw HTML is not rendered (no
 * rehype-raw), and the default URL transform empties `javascript:` and other
 * unsafe link targets. GitHub-flavoured tables, lists and strikethrough work.
 * The one renderer of the site (post page, review panel, the create-post
 * preview); load it through lazy-markdown.tsx, so only screens that show
 * markdown download react-markdown.
 */
export default function Markdown({ children, externalImages = "no-referrer" }: MarkdownProps) {
  return (
    <div className={styles.markdown} data-print="link-urls">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={componentsFor[externalImages]} urlTransform={defaultUrlTransform} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}
