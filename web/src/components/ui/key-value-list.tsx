type Props = {
  /** The pairs in the author's order (an info box's `entries`). */
  entries?: readonly (readonly [string, string])[];
  /** A map, shown in its keys' order, when there are no entries. */
  content?: Record<string, string>;
  className?: string;
  rowClassName?: string;
};

/** An info box's content (key: value pairs) as a description list, in the order given. */
export function KeyValueList({ entries, content, className, rowClassName }: Props) {
  return (
    <dl className={className}>
      {(entries ?? Object.entries(content ?? {})).map(([key, value]) => (
        <div key={key} className={rowClassName}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
