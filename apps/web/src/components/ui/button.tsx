import type { ButtonHTMLAttributes, ComponentProps, Ref } from 'react';
import { Link } from 'react-router';
import { cx, focusRing } from './cx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'outline';
export type ButtonSize = 'sm' | 'md' | 'lg';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-sky-500 text-slate-950 hover:bg-sky-400 disabled:bg-sky-500/40 disabled:text-slate-900/70',
  secondary: 'bg-slate-800 text-slate-100 hover:bg-slate-700 disabled:bg-slate-800/50 disabled:text-slate-500',
  outline:
    'border border-slate-700 bg-transparent text-slate-100 hover:border-slate-500 hover:bg-slate-800/60 disabled:text-slate-500',
  ghost: 'bg-transparent text-slate-300 hover:bg-slate-800 hover:text-white disabled:text-slate-600',
  danger: 'bg-rose-600 text-white hover:bg-rose-500 disabled:bg-rose-600/40 disabled:text-white/60',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm gap-1.5',
  md: 'h-10 px-4 text-sm gap-2',
  lg: 'h-12 px-6 text-base gap-2',
};

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cx(
    'inline-flex items-center justify-center rounded-lg font-semibold transition-colors disabled:cursor-not-allowed',
    focusRing,
    variants[variant],
    sizes[size],
    extra,
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...rest} />;
}

export interface ButtonLinkProps extends ComponentProps<typeof Link> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClasses(variant, size, className)} {...rest} />;
}
