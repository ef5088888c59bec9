import { Link, useLocation } from "react-router";
import { ButtonLink } from "@/components/ui/button";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { paths } from "@/config/paths";
import styles from "./not-found.module.css";

export default function NotFoundRoute() {
  const location = useLocation();
  useDocumentTitle("Page not found");
  return (
    <section className={styles.box} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p>
        There is no page at <code className={styles.path}>{location.pathname}</code>. The link may be mistyped, or the page may have
        moved.
      </p>
      <div className={styles.actions}>
        <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
        <ButtonLink to={paths.allPosts} variant="secondary">
          Browse all posts
        </ButtonLink>
      </div>
      <p className={styles.more}>
        Looking for something specific? Try the <Link to={paths.timeline}>timeline</Link> or <Link to={paths.contact}>contact us</Link>.
      </p>
    </section>
  );
}
