import { createContext, useCallback, useContext, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useDismiss } from "@/hooks/use-dismiss";
import { Chevron } from "./icons";
import styles from "./menu.module.css";

type MenuContextValue = { closeAndRefocus: () => void };
const MenuContext = createContext<MenuContextValue | null>(null);

const itemSelector = '[role="menuitem"]:not([aria-disabled="true"])';

type MenuProps = {
  /** What the button says; a chevron follows it. */
  label: ReactNode;
  /** The button's classes (a Button's look: buttonClassName); a plain text button when not given. */
  buttonClassName?: string;
  /** The edge of the button the menu lines up with. */
  align?: "start" | "end";
  /** MenuItem and MenuSeparator elements. */
  children: ReactNode;
};

/**
 * A menu button (the WAI-ARIA menu button pattern): Enter, Space or the
 * arrows open it on the first (Arrow Up: the last) item; the arrows, Home and
 * End move between items; Escape, Tab, a press outside or choosing an item
 * closes it, and focus goes back to the button.
 */
export function Menu({ label, buttonClassName, align = "start", children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const closeAndRefocus = useCallback(() => {
    setOpen(false);
    buttonRef.current?.focus();
  }, []);
  useDismiss(open, close, rootRef, buttonRef);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>(itemSelector) ?? [])];
  const focusItem = (which: "first" | "last" | number) => {
    const all = items();
    const index = which === "first" ? 0 : which === "last" ? all.length - 1 : (which + all.length) % all.length;
    all[index]?.focus();
  };
  // Opened by the keyboard, focus goes to an item once the menu shows (it is hidden until then).
  const openOn = (which: "first" | "last") => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(which));
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space press the button (its click opens the menu), as a screen reader's click does.
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openOn("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openOn("last");
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys from a dialog an item opened (a portal, still inside in React's tree) are the dialog's.
    if (!menuRef.current?.contains(event.target as Node)) return;
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(current + 1),
      ArrowUp: () => focusItem(current - 1),
      Home: () => focusItem("first"),
      End: () => focusItem("last"),
      Tab: close,
    };
    const move = moves[event.key];
    if (!move) return;
    if (event.key !== "Tab") event.preventDefault();
    move();
  };

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={buttonClassName ?? styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close() : openOn("first"))}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <Chevron className={styles.chevron} />
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        hidden={!open}
        className={`${styles.menu} ${align === "start" ? styles.alignStart : styles.alignEnd}`}
        onKeyDown={onMenuKeyDown}
      >
        <MenuContext.Provider value={{ closeAndRefocus }}>{children}</MenuContext.Provider>
      </div>
    </div>
  );
}

type MenuItemProps = {
  /** Runs once the menu has closed and given focus back to its button (where a dialog it opens returns it). */
  onSelect: () => void;
  disabled?: boolean;
  /** A destructive action: set apart in the danger colour. */
  danger?: boolean;
  "aria-label"?: string;
  children: ReactNode;
};

/** An item of a Menu. */
export function MenuItem({ onSelect, disabled = false, danger = false, children, ...rest }: MenuItemProps) {
  const menu = useContext(MenuContext);
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      aria-disabled={disabled || undefined}
      className={[styles.item, danger && styles.danger].filter(Boolean).join(" ")}
      onClick={() => {
        if (disabled) return;
        menu?.closeAndRefocus();
        onSelect();
      }}
      {...rest}
    >
      {children}
    </button>
  );
}

/** A line between groups of a Menu's items (the destructive ones come last, after one). */
export function MenuSeparator() {
  return <div role="separator" className={styles.separator} />;
}
