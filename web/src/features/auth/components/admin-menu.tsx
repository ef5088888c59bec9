import { Dropdown, DropdownLink } from "@/components/ui/dropdown";
import { adminLinks } from "./admin-links";
import styles from "./header-actions.module.css";

/** The admin's badge, which opens their pages: one compact control however many there are. */
export function AdminMenu() {
  return (
    <Dropdown label="Admin" buttonClassName={styles.adminButton}>
      {adminLinks.map((link) => (
        <DropdownLink key={link.to} to={link.to}>
          {link.label}
        </DropdownLink>
      ))}
    </Dropdown>
  );
}
