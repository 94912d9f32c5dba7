import { useId, useState, type ReactNode } from 'react';

/** A section whose heading is a button that shows or hides its body (part 2 §2's collapsible panels). */
export function Collapsible({ title, summary, children, initiallyOpen = true, maxHeight }: { title: string; summary?: ReactNode; children: ReactNode; initiallyOpen?: boolean; maxHeight?: number }) {
  const [open, setOpen] = useState(initiallyOpen);
  const id = useId();
  return (
    <section className="card config-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <button type="button" className="link-button section-toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen((v) => !v)}>
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
