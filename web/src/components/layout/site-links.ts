import { paths } from "@/config/paths";

export type SiteLink = { to: string; label: string };

// SPEC §2 names only the info links; without the two browse links the
// timeline could be reached by typing its address alone.
export const browseLinks: SiteLink[] = [
  { to: paths.allPosts, label: "All posts" },
  { to: paths.timeline, label: "Timeline" },
];

/** Where the phone menu and the footer have room for more: the tag index (a wide header links it from All posts). */
export const moreBrowseLinks: SiteLink[] = [{ to: paths.tags, label: "Tags" }];

/** SPEC §2's header links; on a wide screen they sit under the header's About menu. */
export const infoLinks: SiteLink[] = [
  { to: paths.contact, label: "Contact" },
  { to: paths.termsOfService, label: "Terms of Service" },
  { to: paths.privacyPolicy, label: "Privacy Policy" },
];
