import type { ButtonHTMLAttributes, ReactNode } from "react";
import { NavLink } from "react-router";
import { CloseIcon, MenuIcon } from "@/components/ui/icons";
import iconButton from "@/components/ui/icon-button.module.css";
import { ThemeToggle } from "@/components/theme-toggle/theme-toggle";
import { useDisclosure } from "@/hooks/use-disclosure";
import { HeaderMenuContext } from "./header-menu-context";
import { SiteLinkItems } from "./site-link-items";
import styles from "./header-menu.module.css";

/** The narrow screen's menu: a button that opens every link of the header below the bar, with `children` (the account's part) and the theme toggle. */
export function HeaderMenu({ children }: { children?: ReactNode }) {
  const menu = useDisclosure();
  return (
    <div {...menu.rootProps}>
      <button {...menu.buttonProps} className={iconButton.iconButton}>
        {menu.open ? <CloseIcon /> : <MenuIcon />}
        <span className="visually-hidden">Menu</span>
      </button>
      <div {...menu.panelProps} className={styles.panel}>
        <div className={`container ${styles.sections}`}>
          <nav aria-label="Site">
            <HeaderMenuLinks>
              <SiteLinkItems renderLink={(link) => <HeaderMenuLink to={link.to}>{link.label}</HeaderMenuLink>} />
            </HeaderMenuLinks>
          </nav>
          <HeaderMenuContext.Provider value={menu.closeAndRefocus}>{children}</HeaderMenuContext.Provider>
          <div>
            <ThemeToggle withLabel />
          </div>
        </div>
      </div>
    </div>
  );
}

/** A list of the menu's links, in as many columns as fit. */
export function HeaderMenuLinks({ children }: { children: ReactNode }) {
  return <ul className={styles.links}>{children}</ul>;
}

/** A link in the menu; the page it leads to is marked as the current one. */
export function HeaderMenuLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <NavLink end to={to} className={styles.link}>
      {children}
    </NavLink>
  );
}

/** A button in the menu, looking like its links. */
export function HeaderMenuButton({ type = "button", ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={styles.link} {...rest} />;
}
