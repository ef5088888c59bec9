import { formatTimestamp } from "@/lib/field-changes";
import type { Person } from "../api/get-people";

/** A person's state in words: "Active", "Suspended until June 1, 2026 at 2:05 PM", "Suspended", "Unconfirmed", "Invited as moderator". */
export function personStateText(person: Pick<Person, "state" | "suspendedUntil" | "invitedAs">): string {
  switch (person.state) {
    case "suspended":
      return person.suspendedUntil ? `Suspended until ${formatTimestamp(person.suspendedUntil)}` : "Suspended";
    case "unconfirmed":
      return "Unconfirmed";
    case "invited":
      return person.invitedAs ? `Invited as ${person.invitedAs}` : "Invited";
    default:
      return "Active";
  }
}

export const roleLabels: Record<Person["role"], string> = { member: "Member", moderator: "Moderator", admin: "Admin" };
