import { formatTimestamp } from "@/lib/field-changes";
import type { Person } from "../api/get-people";

/** A person's state in words: "Active", "Suspended until June 1, 2026 at 2:05 PM", "Suspended", "Unconfirmed", "Invitation not accepted yet". */
export function personStateText(person: Pick<Person, "state" | "suspendedUntil">): string {
  switch (person.state) {
    case "suspended":
      return person.suspendedUntil ? `Suspended until ${formatTimestamp(person.suspendedUntil)}` : "Suspended";
    case "unconfirmed":
      return "Unconfirmed";
    case "invited":
      return "Invitation not accepted yet";
    default:
      return "Active";
  }
}

/** An invitee's role column: the role the invitation gives, "Invited as moderator". */
export function invitedAsText(person: Pick<Person, "invitedAs">): string {
  return person.invitedAs ? `Invited as ${person.invitedAs}` : "Invited";
}

export const roleLabels: Record<Person["role"], string> = { member: "Member", moderator: "Moderator", admin: "Admin" };
