import { useId, type ReactNode } from 'react';

export interface CardProps {
  /** The card's heading, which also names it as a region; none for a plain box. */
  title?: ReactNode;
  /** The heading's level in the page's outline. */
  headingLevel?: 2 | 3 | 4;
  /** `li` in a list of cards (`<ul className="cards">`). */
  as?: 'section' | 'article' | 'li' | 'div';
  /** The heading's id, where a control inside refers to it (a plan's button described by the plan's name). */
  headingId?: string;
  className?: string;
  children: ReactNode;
}

/** A surface grouping one thing's content, named by its heading. */
export function Card({ title, headingLevel = 2, as: Element = 'section', headingId, className, children }: CardProps) {
  const ownId = useId();
  const id = headingId ?? ownId;
  const Heading = `h${headingLevel}` as const;
  return (
    <Element className={['card', className].filter(Boolean).join(' ')} aria-labelledby={title === undefined || Element === 'div' ? undefined : id}>
      {title !== undefined && <Heading id={id}>{title}</Heading>}
      {children}
    </Element>
  );
}
