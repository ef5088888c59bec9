import { useState } from "react";
import { useLocation } from "react-router";
import { Notice } from "@/components/ui/notice";
import { useSession } from "../hooks/use-session";
import { teamBadge } from "./admin-links";

/** After the invitation page: the new moderator or admin is welcomed where their work is. */
export function TeamWelcome() {
  const session = useSession();
  const { state } = useLocation();
  const role = (state as { welcomeRole?: string } | null)?.welcomeRole;
  const [open, setOpen] = useState(true);
  if (!open || !role || session.status !== "signed-in") return null;
  const name = session.user.firstName;
  return (
    <Notice tone="success" title={`Welcome to the team${name ? `, ${name}` : ""}! You are now ${role === "admin" ? "an admin" : "a moderator"}.`} onDismiss={() => setOpen(false)}>
      <p>New posts, edit suggestions and reports wait for you below. The {teamBadge(role === "admin" ? "admin" : "moderator")} menu in the header has your pages.</p>
    </Notice>
  );
}
