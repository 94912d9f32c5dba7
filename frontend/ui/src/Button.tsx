import type { ComponentProps } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'small' | 'medium';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The classes of a button's look, for a link or a Radix trigger drawn as a button. */
export function buttonClass({ variant = 'primary', size = 'medium', className }: ButtonLook = {}): string {
  return ['button', variant !== 'primary' && `button-${variant}`, size === 'small' && 'button-small', className].filter(Boolean).join(' ');
}

/** A plain <button> (type="button" unless told) in one of the design system's looks. */
export function Button({ variant, size, className, type = 'button', ...props }: ButtonLook & ComponentProps<'button'>) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...props} />;
}
