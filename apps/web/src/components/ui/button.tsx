import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cn } from './cn.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-white hover:bg-accent-hover shadow-sm',
  secondary: 'bg-white text-ink border border-line hover:bg-canvas hover:border-ink-muted/30 shadow-xs',
  ghost: 'bg-transparent text-ink hover:bg-black/5 active:bg-black/10',
  danger: 'bg-danger text-white hover:bg-red-800 shadow-sm',
  link: 'bg-transparent text-accent hover:underline underline-offset-2 px-0 text-sm gap-1.5',
};
const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button; the label should say what is happening. */
  busy?: boolean;
  icon?: ReactNode;
}

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center rounded-xl font-medium whitespace-nowrap transition-colors select-none',
    'active:brightness-95 disabled:cursor-not-allowed disabled:opacity-50 disabled:active:brightness-100',
    variants[variant],
    variant !== 'link' && sizes[size],
    className,
  );
}

export function Button({
  variant,
  size,
  busy = false,
  icon,
  className,
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size="sm" label="" /> : icon}
      {children}
    </button>
  );
}
