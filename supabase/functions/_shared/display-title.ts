/**
 * SPEC §9: titles are shown with leading zeros stripped ("007 Live" → "7 Live";
 * "000" stays "0"). Shared by the SPA's screens and the function's feeds and
 * share cards, which show titles where the SPA cannot.
 */
export function displayTitle(title: string): string {
  const stripped = title.replace(/^0+/, "");
  if (stripped === "" && title !== "") return "0";
  // "0.5" keeps its zero: strip only zeros followed by another digit or a non-digit that is not a separator.
  if (/^[.,]/.test(stripped)) return `0${stripped}`;
  return stripped;
}
