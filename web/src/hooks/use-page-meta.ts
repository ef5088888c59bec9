import { useEffect } from "react";
import { env } from "@/config/env";

export type PageMeta = {
  title?: string;
  description?: string;
  /** Absolute or site-relative; made absolute for the OpenGraph/Twitter tags. */
  image?: string | null;
  type?: "website" | "article";
};

function setMeta(attribute: "name" | "property", key: string, content: string | undefined) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!content) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement("meta");
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute("content", content);
}

/** Applies the page's title, description and OpenGraph/Twitter tags (title, description, image). */
export function applyPageMeta(meta: PageMeta, origin = window.location.origin, url = window.location.href) {
  const title = meta.title ? `${meta.title} · ${env.siteName}` : env.siteName;
  const image = meta.image ? new URL(meta.image, origin).href : undefined;
  document.title = title;
  setMeta("name", "description", meta.description);
  setMeta("property", "og:title", meta.title ?? env.siteName);
  setMeta("property", "og:description", meta.description);
  setMeta("property", "og:image", image);
  setMeta("property", "og:url", url);
  setMeta("property", "og:type", meta.type ?? "website");
  setMeta("property", "og:site_name", env.siteName);
  setMeta("name", "twitter:card", image ? "summary_large_image" : "summary");
  setMeta("name", "twitter:title", meta.title ?? env.siteName);
  setMeta("name", "twitter:description", meta.description);
  setMeta("name", "twitter:image", image);
}

const defaultDescription = "An independent, fan-operated community archive.";

/** Sets the document title and the share-preview meta tags while the page is shown. */
export function usePageMeta(meta: PageMeta | undefined) {
  const { title, description, image, type } = meta ?? {};
  useEffect(() => {
    if (!meta) return;
    applyPageMeta({ title, description, image, type });
    // Leaving the page: back to the site's defaults (the next screen sets its own title).
    return () => applyPageMeta({ description: defaultDescription });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [title, description, image, type, Boolean(meta)]);
}
