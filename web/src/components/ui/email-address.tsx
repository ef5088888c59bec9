import { Fragment } from "react";
import styles from "./email-address.module.css";

/**
 * An e-mail address that wraps only before its "@" and its dots
 * ("jordan.baker" / "@example" / ".org"), never inside a word; the whole
 * address is its title, for when it is cut short.
 */
export function EmailAddress({ address, className }: { address: string; className?: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <span className={[styles.address, className].filter(Boolean).join(" ")} title={address}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
