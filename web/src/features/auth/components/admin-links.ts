import { paths } from "@/config/paths";
import type { Capabilities, Capability, Role } from "@/lib/authorization";

/** The team's pages, in the header's Admin menu (and its part of the narrow screen's menu), each for the roles that `may`. */
const teamLinks: { to: string; label: string; may: Capability }[] = [
  { to: paths.adminReview, label: "Review", may: "review" },
  { to: paths.adminSuggestions, label: "Suggestions", may: "readSuggestions" },
  { to: paths.adminModerationLog, label: "Log", may: "readModerationLog" },
  { to: paths.adminLinkHealth, label: "Link health", may: "readLinkHealth" },
  { to: paths.adminPeople, label: "People", may: "managePeople" },
];

/** The links this role may follow (none for a member). */
export const teamLinksFor = (can: Capabilities) => teamLinks.filter((link) => can[link.may]);

/** The badge that opens them: "Admin" (SPEC §2) or "Moderator". */
export const teamBadge = (role: Role) => (role === "admin" ? "Admin" : "Moderator");
