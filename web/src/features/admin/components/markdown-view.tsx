import { lazy, Suspense } from "react";
import { Spinner } from "@/components/ui/spinner";
import styles from "./admin.module.css";

const Markdown = lazy(() => import("./markdown"));

export function MarkdownView({ source }: { source: string }) {
  return (
    <div className={styles.markdown}>
      <Suspense fallback={<Spinner label="Rendering content" />}>
        <Markdown source={source} />
      </Suspense>
    </div>
  );
}
