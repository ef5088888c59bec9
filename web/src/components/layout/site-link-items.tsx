import type { ReactNode } from "react";
import { browseLinks, infoLinks, moreBrowseLinks, type SiteLink } from "./site-links";

/** Every link of the site, one list item each, drawn by `renderLink`: the footer's list and the phone menu's. */
export function SiteLinkItems({ renderLink }: { renderLink: (link: SiteLink) => ReactNode }) {
  return [...browseLinks, ...moreBrowseLinks, ...infoLinks].map((link) => <li key={link.to}>{renderLink(link)}</li>);
}
