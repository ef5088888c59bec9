import type { ButtonHTMLAttributes, ReactNode, Ref } from "react";
import { Link, type LinkProps } from "react-router";
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "success" | "ghost" | "danger";

type StyleProps = { variant?: ButtonVariant; size?: "md" | "small"; block?: boolean };

export function buttonClassName({ variant = "primary", size = "md", block = false }: StyleProps, extra?: string): string {
  return [styles.button, styles[variant], size === "small" && styles.small, block && styles.block, extra].filter(Boolean).join(" ");
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  StyleProps & { isLoading?: boolean; loadingText?: ReactNode; ref?: Ref<HTMLButtonElement> };

export function Button({ variant, size, block, isLoading, loadingText, className, children, disabled, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block }, className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      {...rest}
    >
      {isLoading && loadingText ? loadingText : children}
    </button>
  );
}

export type ButtonLinkProps = LinkProps & StyleProps;

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, block, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClassName({ variant, size, block }, className)} {...rest} />;
}
