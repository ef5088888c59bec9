import type { ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { Dropdown, DropdownLink } from "@/components/ui/dropdown";
import { ThemeToggle } from "@/components/theme-toggle/theme-toggle";
import { useMediaQuery } from "@/hooks/use-media-query";
import { searchFieldQuery, wideHeaderQuery } from "./header-breakpoints";
import { HeaderMenu } from "./header-menu";
import { HeaderSearch } from "./header-search";
import { browseLinks, infoLinks } from "./site-links";
import styles from "./site-header.module.css";

export type SiteHeaderProps = {
  /** The invitation banner above the bar. */
  banner?: ReactNode;
  /** Wide screens: the account's actions at the right of the bar. */
  actions?: ReactNode;
  /** Narrow screens: the one or two actions that stay in the bar beside the menu button. */
  compactActions?: ReactNode;
  /** Narrow screens: the account's part of the menu. */
  menuActions?: ReactNode;
};

const navLinkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink);

/**
 * The header: the banner, then one row. Wide: site name, All posts,
 * Timeline, the About menu (the info links), search, the account's actions,
 * theme toggle. Narrow: site name, search, one or two actions and the menu
 * button, whose panel holds the rest.
 */
export function SiteHeader({ banner, actions, compactActions, menuActions }: SiteHeaderProps) {
  const wide = useMediaQuery(wideHeaderQuery);
  const searchFits = useMediaQuery(searchFieldQuery);
  const { pathname } = useLocation();
  const onInfoPage = infoLinks.some((link) => link.to === pathname);

  // Undefined while a server-rendered page is hydrated: both shapes are there and CSS shows the one that fits (see the module's .byWidth).
  const barShape = wide === undefined ? styles.byWidth : wide ? "" : styles.compact;

  return (
    <header className={styles.header} data-print="hide">
      {banner}
      <div className={`container ${styles.bar} ${barShape}`} data-testid="header-bar">
        <Link to={paths.home} className={styles.siteName}>
          {env.siteName}
        </Link>
        {wide !== false && (
          <WidthShape shape={wide === undefined ? styles.wideOnly : undefined}>
            <nav aria-label="Site">
              <ul className={styles.navList}>
                {browseLinks.map((link) => (
                  <li key={link.to}>
                    <NavLink end to={link.to} className={navLinkClass}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <Dropdown label="About" align="start" buttonClassName={navLinkClass({ isActive: onInfoPage })}>
                    {infoLinks.map((link) => (
                      <DropdownLink key={link.to} to={link.to}>
                        {link.label}
                      </DropdownLink>
                    ))}
                  </Dropdown>
                </li>
              </ul>
            </nav>
            <div className={styles.end}>
              <HeaderSearch collapsed={false} />
              {actions}
              <ThemeToggle />
            </div>
          </WidthShape>
        )}
        {wide !== true && (
          <WidthShape shape={wide === undefined ? styles.compactOnly : undefined}>
            <div className={styles.end}>
              {searchFits === undefined ? (
                <>
                  <WidthShape shape={styles.searchFieldOnly}>
                    <HeaderSearch collapsed={false} />
                  </WidthShape>
                  <WidthShape shape={styles.searchButtonOnly}>
                    <HeaderSearch collapsed />
                  </WidthShape>
                </>
              ) : (
                <HeaderSearch collapsed={!searchFits} />
              )}
              {compactActions}
              <HeaderMenu>{menuActions}</HeaderMenu>
            </div>
          </WidthShape>
        )}
      </div>
    </header>
  );
}

/** One of the header's shapes: as it is once the width is known, or in a box (display: contents) that CSS shows by width while it is not. */
function WidthShape({ shape, children }: { shape: string | undefined; children: ReactNode }) {
  return shape ? <div className={shape}>{children}</div> : <>{children}</>;
}
