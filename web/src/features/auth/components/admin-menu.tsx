import { Dropdown, DropdownLink } from "@/components/ui/dropdown";
import { useAuthorization } from "@/lib/authorization";
import { teamBadge, teamLinksFor } from "./admin-links";
import styles from "./header-actions.module.css";

/** The admin's or moderator's badge, which opens their pages: one compact control however many there are. */
export function AdminMenu() {
  const { role, can } = useAuthorization();
  const links = teamLinksFor(can);
  if (links.length === 0) return null;
  return (
    <Dropdown label={teamBadge(role)} buttonClassName={styles.adminButton}>
      {links.map((link) => (
        <DropdownLink key={link.to} to={link.to}>
          {link.label}
        </DropdownLink>
      ))}
    </Dropdown>
  );
}
