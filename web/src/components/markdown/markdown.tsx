import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { type HeadingLevel, nestHeadings } from "./nest-headings";
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
  table: MarkdownTable,
};

// By depth within the markdown, not by tag: a review card's h5 reads as large as the post page's h2.
const headingSizes = [styles.heading1, styles.heading2, styles.heading3];

const componentsFor: Record<ExternalImages, Components> = {
  "no-referrer": { ...shared, img: ({ src, alt, title }) => <MarkdownImage src={typeof src === "string" ? src : undefined} alt={alt} title={title} externalImages="no-referrer" /> },
  "click-to-load": { ...shared, img: ({ src, alt, title }) => <MarkdownImage src={typeof src === "string" ? src : undefined} alt={alt} title={title} externalImages="click-to-load" /> },
};

export type MarkdownProps = {
  children: string;
  /** The level of the page's heading the markdown sits under: its headings nest one below it (nest-headings.ts). */
  headingBase: HeadingLevel;
  /** How images from other hosts load (see markdown-image.tsx); published posts: "no-referrer". */
  externalImages?: ExternalImages;
};

/**
 * Post content rendered from markdown, safely: raw HTML is not rendered (no
 * rehype-raw), and the default URL transform empties `javascript:` and other
 * unsafe link targets. GitHub-flavoured tables, lists and strikethrough work.
 * The one renderer of the site (post page, review panel, comments and the
 * previews); load it through lazy-markdown.tsx, so only screens that show
 * markdown download react-markdown.
 */
export default function Markdown({ children, headingBase, externalImages = "no-referrer" }: MarkdownProps) {
  return (
    <div className={styles.markdown} data-print="link-urls">
      <ReactMarkdown remarkPlugins={[remarkGfm, [nestHeadings, { base: headingBase, sizeClass: headingSizes }]]} components={componentsFor[externalImages]} urlTransform={defaultUrlTransform} skipHtml>
        {children}
      </ReactMarkdown>
    </div>
  );
}
