import { useParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import styles from "./placeholder.module.css";

// Placeholder: the post detail screen belongs to a later issue (see web/README.md).
export default function PostRoute() {
  const { id = "" } = useParams();
  return (
    <article>
      <PageHeader title="Post" documentTitle={`Post ${id}`} />
      <p className={styles.note}>This section of the archive is being prepared.</p>
    </article>
  );
}
