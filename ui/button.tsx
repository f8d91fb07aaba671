import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';
import { useUiStyles } from './styles';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  block?: boolean;
  /** shows a spinner and disables the button (e.g. while a form is processing) */
  busy?: boolean;
  icon?: ReactNode;
}

/** A button; `type` defaults to "button" so only submit buttons submit forms. */
export function Button({
  variant = 'primary',
  size = 'md',
  block,
  busy,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  useUiStyles();
  const classes = [
    't-btn',
    `t-btn--${variant}`,
    size === 'sm' && 't-btn--sm',
    block && 't-btn--block',
    !children && 't-btn--icon',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <Spinner size={16} /> : icon}
      {children}
    </button>
  );
}
