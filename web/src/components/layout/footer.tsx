import { Link } from "react-router";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { apiUrl } from "@/lib/api-client";
import { SiteLinkItems } from "./site-link-items";
import styles from "./footer.module.css";

/** The footer's own: the archive's downloads (and, below, its feed). */
const dataLink = { to: paths.data, label: "Data" };

/** The disclaimer and the site's links, under every page. */
export function Footer() {
  return (
    <footer className={styles.footer} data-print="hide">
      <div className={`container ${styles.inner}`}>
        <p className={styles.disclaimer}>
          {env.siteName} is an independent, fan-operated community archive. It is not affiliated with the person it documents.
        </p>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <SiteLinkItems renderLink={(link) => <Link to={link.to}>{link.label}</Link>} />
            <li>
              <Link to={dataLink.to}>{dataLink.label}</Link>
            </li>
            <li>
              {/* A file for feed readers, not a page of the site: a plain link. */}
              <a href={apiUrl("/feed")} type="application/atom+xml">
                Atom feed
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
