/** An info box's content (key: value pairs) as a description list, in the order given. */
export function KeyValueList({ content, className, rowClassName }: { content: Record<string, string>; className?: string; rowClassName?: string }) {
  return (
    <dl className={className}>
      {Object.entries(content).map(([key, value]) => (
        <div key={key} className={rowClassName}>
          <dt>{key}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
