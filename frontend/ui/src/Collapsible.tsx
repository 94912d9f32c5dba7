import { useId, useState, type ReactNode } from 'react';

export interface CollapsibleProps {
  title: string;
  summary?: ReactNode;
  children: ReactNode;
  initiallyOpen?: boolean;
  /** Open or closed from outside (the designer closes its generator once posts come back); its own state otherwise. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  maxHeight?: number;
}

/** A section whose heading is a button that shows or hides its body (part 2 §2's collapsible panels: configuration sections, the designer's generator). */
export function Collapsible({ title, summary, children, initiallyOpen = true, open: controlled, onOpenChange, maxHeight }: CollapsibleProps) {
  const [own, setOwn] = useState(initiallyOpen);
  const open = controlled ?? own;
  const toggle = () => {
    setOwn(!open);
    onOpenChange?.(!open);
  };
  const id = useId();
  return (
    <section className="card collapsible" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <button type="button" className="link-button section-toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={toggle}>
          {open ? '▾' : '▸'} {title}
        </button>
        {summary !== undefined && <span className="muted"> {summary}</span>}
      </h2>
      <div id={`${id}-body`} hidden={!open} style={maxHeight ? { maxHeight, overflowY: 'auto' } : undefined}>
        {children}
      </div>
    </section>
  );
}
