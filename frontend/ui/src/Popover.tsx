import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactElement, ReactNode } from 'react';

export interface PopoverProps {
  /** The control that opens it: a button, given aria-expanded and aria-controls. */
  trigger: ReactElement;
  /** The popover's accessible name. */
  label: string;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: 'start' | 'center' | 'end';
  className?: string;
}

/**
 * Content floating beside its trigger (Radix Popover: not modal, focus moves in on open and back on
 * close, Escape or a click outside closes it). Open state is its own unless `open` is given.
 */
export function Popover({ trigger, label, children, open, onOpenChange, align = 'start', className }: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content className={['popover', className].filter(Boolean).join(' ')} aria-label={label} align={align} sideOffset={6} collisionPadding={8}>
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

/** A control inside a popover that closes it (a Done, a choice made). */
export const PopoverClose = RadixPopover.Close;
