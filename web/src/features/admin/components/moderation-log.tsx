import { Link } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import type { ModerationLogEntry } from "@/types/api";
import { useModerationLog } from "../api/get-moderation-log";
import { formatTimestamp } from "@/lib/field-changes";
import { postFieldName } from "@/lib/post-fields-list";
import { AdminTable } from "./admin-table";
import { LoadMoreButton } from "./load-more-button";
import styles from "./admin.module.css";

const actionLabels: Record<string, string> = {
  approve_post: "Approved post",
  reject_post: "Rejected post",
  update_post: "Edited post",
  delete_post: "Deleted post",
  pin_post: "Pinned post",
  unpin_post: "Unpinned post",
  mark_important: "Marked post important",
  unmark_important: "Unmarked post important",
  approve_edit_suggestion: "Applied edit suggestion",
  reject_edit_suggestion: "Rejected edit suggestion",
  delete_comment: "Deleted comment",
  set_suggestion_status: "Changed suggestion status",
  dismiss_reports: "Dismissed reports",
  resolve_reports: "Resolved reports",
  suspend_user: "Suspended member",
  unsuspend_user: "Lifted suspension",
  hide_revision: "Hid revision content",
  unhide_revision: "Showed revision content again",
  change_role: "Changed role",
  invite_person: "Invited",
  accept_invitation: "Joined the team",
  resend_confirmation: "Sent the e-mail again",
};

export function actionLabel(action: string): string {
  return actionLabels[action] ?? action.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

function details(entry: ModerationLogEntry): string | null {
  const fields = entry.details?.fields;
  if (Array.isArray(fields) && fields.length > 0) {
    return `Fields: ${fields.map((field) => postFieldName(String(field))).join(", ")}`;
  }
  if (entry.action === "delete_comment") return deletedComment(entry.details ?? {}) ?? (entry.comment_id !== null ? `Comment #${entry.comment_id}` : null);
  if (entry.action === "set_suggestion_status") return suggestionStatus(entry.details ?? {});
  const team = teamChange(entry);
  if (team) return team;
  const { user_name: member, until, reason, reports } = entry.details ?? {};
  if (typeof member === "string") {
    const period = entry.action !== "suspend_user" ? "" : typeof until === "string" ? ` until ${formatTimestamp(until)}` : " for good";
    return `${member}${period}${typeof reason === "string" ? `: ${reason}` : ""}`;
  }
  if (typeof reports === "number") return reports === 1 ? "1 report" : `${reports} reports`;
  const revision = entry.details?.revision_id;
  if (typeof revision === "number") return `Revision ${revision}${typeof reason === "string" ? `: ${reason}` : ""}`;
  const title = entry.details?.title;
  // The approval's revision is hidden: its title is an admin's to read there (private.hide_log_title).
  if (entry.details?.title_hidden === true) return "Title hidden by an admin";
  return typeof title === "string" ? `“${title}”` : null;
}

/** Whose comment it was and how it began (kept in the log: the comment itself is gone). */
function deletedComment({ author_name: author, comment_start: start, replies_deleted: replies }: Record<string, unknown>): string | null {
  const whose = typeof author === "string" ? `By ${author}` : null;
  const quote = typeof start === "string" && start ? `“${start}${start.length >= 80 ? "…" : ""}”` : null;
  const withReplies = typeof replies === "number" && replies > 0 ? (replies === 1 ? "with 1 reply" : `with ${replies} replies`) : null;
  const text = [whose && quote ? `${whose}: ${quote}` : (whose ?? quote), withReplies].filter(Boolean).join(", ");
  return text || null;
}

/** People's entries: whose role went from what to what, whom an admin invited as what. */
function teamChange({ action, details = {} }: ModerationLogEntry): string | null {
  const { user_name: name, email, from, to, role, reason, kind } = details;
  const why = typeof reason === "string" && reason ? `: ${reason}` : "";
  if (action === "change_role" && typeof from === "string" && typeof to === "string") return `${name ?? "A member"}, ${from} → ${to}${why}`;
  if (action === "invite_person" && typeof email === "string") return `${email} as ${role}`;
  if (action === "accept_invitation" && typeof role === "string") return `${name ?? "An invitee"} as ${role}`;
  if (action === "resend_confirmation" && typeof kind === "string") return `${name ?? "A member"}: the ${kind}`;
  return null;
}

function suggestionStatus({ suggestion_id: id, status }: Record<string, unknown>): string | null {
  if (typeof id !== "string" || typeof status !== "string") return null;
  return `Suggestion ${id.slice(0, 8)} marked ${status}`;
}

function PostCell({ entry }: { entry: ModerationLogEntry }) {
  if (entry.post_id === null) return <span className={styles.muted}>—</span>;
  if (entry.post_title !== null) return <Link to={paths.post(entry.post_id)}>{entry.post_title}</Link>;
  return <span className={styles.muted}>Post #{entry.post_id} (deleted)</span>;
}

/** /admin/moderation-log: recent admin actions, newest first, paged with Load more. */
export function ModerationLog() {
  const log = useModerationLog();
  if (log.isPending) return <Spinner label="Loading the moderation log" />;
  if (log.isError) return <p className={styles.empty}>The moderation log could not be loaded.</p>;
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className={styles.empty}>No moderation actions yet.</p>;
  return (
    <>
      <AdminTable caption="Recent admin actions, newest first" columns={["When", "Who", "What", "Post"]}>
        {entries.map((entry) => {
          const extra = details(entry);
          return (
            <tr key={entry.id}>
              <td data-label="When">
                <time dateTime={entry.created_at}>{formatTimestamp(entry.created_at)}</time>
              </td>
              <td data-label="Who">{entry.actor_name ?? "Unknown admin"}</td>
              <td data-label="What">
                <div>
                  {actionLabel(entry.action)}
                  {extra && <span className={styles.logDetail}>{extra}</span>}
                </div>
              </td>
              <td data-label="Post">
                <PostCell entry={entry} />
              </td>
            </tr>
          );
        })}
      </AdminTable>
      <LoadMoreButton pages={log} />
    </>
  );
}

