import type { Delivery, NotificationTopic } from "../api/get-notification-settings";

/** What each topic covers, as the account page names it. */
export const topicLabels: Record<NotificationTopic, string> = {
  decisions: "Decisions on your posts and edits",
  replies: "Replies to your comments",
  comments: "Comments on your posts",
  account: "Your account (a suspension and its end)",
  following: "New in what you follow",
};

/** The three ways to hear of a topic; the bell always shows it. */
export const deliveryOptions: readonly { value: Delivery; label: string }[] = [
  { value: "immediate", label: "E-mail at once" },
  { value: "digest", label: "In the daily digest" },
  { value: "bell", label: "Bell only" },
];

/** 0 → "00:00", 13 → "13:00": the digest's hour as a 24-hour time. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** The IANA time zones the browser knows, with `current` among them even when it does not (so a saved one still shows). */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = new Set(["UTC", ...known]);
  zones.add(current);
  return [...zones].sort((a, b) => (a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b)));
}
