import { PageHeader } from "@/components/layout/page-header";
import styles from "./placeholder.module.css";

// Placeholder: the screen itself belongs to a later issue (see web/README.md).
export default function AllPostsRoute() {
  return (
    <section>
      <PageHeader title="All posts" />
      <p className={styles.note}>This section of the archive is being prepared.</p>
    </section>
  );
}
