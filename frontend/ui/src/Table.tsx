import { useId, type ReactNode } from 'react';

export interface TableProps {
  /** What the table lists: its caption, and the name of its scrolling region. */
  caption: ReactNode;
  /** Shown to screen readers only, where a heading above already says it to the eye. */
  captionHidden?: boolean;
  className?: string;
  /** The <thead>, <tbody> (and <tfoot>). */
  children: ReactNode;
}

/**
 * A data table with its caption, in a box that scrolls sideways on a narrow screen: the box is focusable
 * and named by the caption, so a keyboard user can scroll it too (axe: scrollable-region-focusable). A
 * group, not a region: a landmark of the table's name would repeat the section it is in (axe: landmark-unique).
 */
export function Table({ caption, captionHidden = false, className, children }: TableProps) {
  const id = useId();
  return (
    <div className="table-scroll" role="group" aria-labelledby={id} tabIndex={0}>
      <table className={['data-table', className].filter(Boolean).join(' ')}>
        <caption id={id} className={captionHidden ? 'visually-hidden' : undefined}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}
