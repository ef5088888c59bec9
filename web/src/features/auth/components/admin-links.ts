import { paths } from "@/config/paths";

/** The admin's pages, in the header's Admin menu (and its part of the narrow screen's menu). */
export const adminLinks = [
  { to: paths.adminReview, label: "Review" },
  { to: paths.adminSuggestions, label: "Suggestions" },
  { to: paths.adminModerationLog, label: "Log" },
];
