import type { ButtonHTMLAttributes, ReactNode } from "react";
import { NavLink, type NavLinkProps } from "react-router";
import { useDisclosure } from "@/hooks/use-disclosure";
import { Chevron } from "./icons";
import styles from "./dropdown.module.css";

type DropdownProps = {
  /** What the button shows; a chevron follows it. */
  label: ReactNode;
  /** The button's accessible name, when its content is a picture or says less than that. */
  ariaLabel?: string;
  /** The button's look; a plain text button when not given. */
  buttonClassName?: string;
  /** The edge of the button the panel lines up with: its left for menus on the left of the header, else its right. */
  align?: "start" | "end";
  /** The panel's links and buttons; a function gets `closeAndRefocus`, for a button that opens a dialog. */
  children: ReactNode | ((controls: { closeAndRefocus: () => void }) => ReactNode);
};

/** A button that opens a small panel of links below it (the header's About, Admin and account menus). */
export function Dropdown({ label, ariaLabel, buttonClassName, align = "end", children }: DropdownProps) {
  const disclosure = useDisclosure();
  return (
    <div className={styles.root} {...disclosure.rootProps}>
      <button {...disclosure.buttonProps} aria-label={ariaLabel} className={buttonClassName ?? styles.button}>
        {label}
        <Chevron className={styles.chevron} />
      </button>
      <div {...disclosure.panelProps} className={`${styles.panel} ${align === "start" ? styles.alignStart : styles.alignEnd}`}>
        {typeof children === "function" ? children(disclosure) : children}
      </div>
    </div>
  );
}

/** A link in a dropdown's panel; the page it leads to is marked as the current one. */
export function DropdownLink({ className, ...rest }: NavLinkProps & { className?: string }) {
  return <NavLink end className={[styles.item, className].filter(Boolean).join(" ")} {...rest} />;
}

/** A button in a dropdown's panel, looking like its links. */
export function DropdownButton({ className, type = "button", ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={[styles.item, className].filter(Boolean).join(" ")} {...rest} />;
}
