import { useEffect } from "react";
import { env } from "@/config/env";

/** Sets the tab title to "{title} · {site name}" (the site name alone without a title). */
export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${env.siteName}` : env.siteName;
  }, [title]);
}
