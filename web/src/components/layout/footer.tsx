import { Link } from "react-router";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { browseLinks, infoLinks, moreBrowseLinks } from "./site-links";
import styles from "./footer.module.css";

/** The footer's own: the archive's downloads. */
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
            {[...browseLinks, ...moreBrowseLinks, ...infoLinks, dataLink].map((link) => (
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
