import { useEffect } from "react";

/**
 * Names a page's own Atom feed in <head> while the page is shown, beside
 * index.html's feed of every post, so a browser or feed reader given the
 * page's address finds the feed of what it shows.
 */
export function useAlternateFeed(feed: { href: string; title: string } | undefined) {
  const { href, title } = feed ?? {};
  useEffect(() => {
    if (!href || !title) return;
    const link = document.createElement("link");
    link.rel = "alternate";
    link.type = "application/atom+xml";
    link.title = title;
    link.href = href;
    document.head.appendChild(link);
    return () => link.remove();
  }, [href, title]);
}
