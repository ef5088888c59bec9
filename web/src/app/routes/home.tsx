import { Link } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import styles from "./placeholder.module.css";

// Placeholder: the Home screen belongs to a later issue (see web/README.md).
export default function HomeRoute() {
  return (
    <section>
      <PageHeader title={env.siteName} documentTitle="" />
      <p className={styles.note}>
        The front page is being prepared. Meanwhile you can browse <Link to={paths.allPosts}>all posts</Link> or the{" "}
        <Link to={paths.timeline}>timeline</Link>.
      </p>
    </section>
  );
}
