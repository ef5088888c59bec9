import { useId } from "react";
import { Link } from "react-router";
import { SelectOptions } from "@/components/ui/form/select-field";
import { paths } from "@/config/paths";
import { useDeferredData } from "@/hooks/use-deferred-data";
import { useTags } from "../api/get-tags";
import { orderTags, tagOrderOptions, type TagOrder } from "../utils/tag-order";
import styles from "./tag-index.module.css";

type Props = {
  order: TagOrder;
  /** The route keeps the order in the URL query. */
  onOrderChange: (order: TagOrder) => void;
};

/** Every tag of a published post with how many published posts have it, each a link to All posts with that tag. */
export function TagIndex({ order, onOrderChange }: Props) {
  const id = useId();
  const query = useTags();
  const { data, isPending } = useDeferredData(query);
  const tags = query.isError || !data ? [] : orderTags(data, order);
  return (
    <>
      <div className={styles.toolbar}>
        <label htmlFor={`${id}-order`}>Sort by</label>
        <select id={`${id}-order`} value={order} onChange={(event) => onOrderChange(event.target.value as TagOrder)}>
          <SelectOptions options={tagOrderOptions} />
        </select>
      </div>
      {isPending ? (
        <p className={styles.muted} role="status">
          Loading Content...
        </p>
      ) : !tags.length ? (
        <p className={styles.muted}>No tags yet.</p>
      ) : (
        <ul className={styles.tags} aria-label="Tags">
          {tags.map(({ tag, count }) => (
            <li key={tag}>
              <Link to={paths.postsTagged(tag)} className={styles.tag}>
                <span className={styles.name}>{tag}</span>{" "}
                <span className={styles.count}>
                  {count}
                  <span className="visually-hidden"> {count === 1 ? "post" : "posts"}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
