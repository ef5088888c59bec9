export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

type Node = { type: string; depth?: number; children?: Node[]; data?: { hProperties?: Record<string, unknown> } };

export type NestHeadingsOptions = {
  /** The level of the heading the markdown sits under (the page's h1: 1). */
  base: HeadingLevel;
  /** Class names for the markdown's first, second, ... level of heading (the last one for all deeper). */
  sizeClass?: readonly (string | undefined)[];
};

/**
 * A remark plugin that nests markdown's headings under the page's own: the
 * markdown's top level becomes base + 1 and no heading is more than one level
 * below the one before it (a post that starts with ### still follows the
 * page's h1 with an h2), clamped at h6, as screen readers' heading lists and
 * axe's heading-order expect.
 */
export function nestHeadings({ base, sizeClass = [] }: NestHeadingsOptions) {
  return (tree: Node) => {
    const headings: Node[] = [];
    const collect = (node: Node) => {
      if (node.type === "heading") headings.push(node);
      node.children?.forEach(collect);
    };
    collect(tree);
    const top = Math.min(...headings.map((heading) => heading.depth ?? 1));
    let previous: number = base;
    for (const heading of headings) {
      const wanted = base + (heading.depth ?? 1) - top + 1;
      const level = Math.min(6, Math.max(base + 1, Math.min(wanted, previous + 1)));
      heading.depth = level;
      previous = level;
      const size = sizeClass[Math.min(Math.max(level - base, 1), sizeClass.length) - 1];
      if (size) heading.data = { ...heading.data, hProperties: { ...heading.data?.hProperties, className: size } };
    }
  };
}
