import type { MouseEvent, ReactNode } from "react";
import { Footer } from "./footer";
import { SiteHeader, type SiteHeaderProps } from "./site-header";
import styles from "./main-layout.module.css";

export type MainLayoutProps = SiteHeaderProps & { children: ReactNode };

/** Focuses main itself rather than following `#main`, so the address (and the router's location) stays as it is. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById("main");
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/**
 * Page frame: skip link, header (site-header.tsx), main, footer.
 * `data-print="hide"` marks what a printed page leaves out (styles/print.css).
 */
export function MainLayout({ children, ...header }: MainLayoutProps) {
  return (
    <div className={styles.frame}>
      <a href="#main" className={styles.skip} onClick={skipToMain} data-print="hide">
        Skip to main content
      </a>
      <SiteHeader {...header} />
      <main id="main" tabIndex={-1} className={`container ${styles.main}`}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
