import type { CSSProperties, ReactNode } from 'react';

/** The grey, shimmering shape of something still loading; hidden from screen readers (the busy region around it speaks). */
export function Skeleton({ width, height, variant, className }: { width?: CSSProperties['width']; height?: CSSProperties['height']; variant?: 'heading' | 'block'; className?: string }) {
  const classes = ['skeleton', variant && `skeleton-${variant}`, className].filter(Boolean).join(' ');
  return <span className={classes} style={width !== undefined || height !== undefined ? { width, height } : undefined} aria-hidden="true" />;
}

/**
 * A region still loading, for the rest: a status with `label` for screen readers (and aria-busy), a page's
 * outline to the eye — a heading, `lines` of text and `blocks` (cards, a table) — unless `children` draw another.
 */
export function LoadingRegion({ label = 'Loading…', lines = 3, blocks = 1, className, children }: { label?: string; lines?: number; blocks?: number; className?: string; children?: ReactNode }) {
  return (
    <div className={className} role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {children ?? (
        <>
          <Skeleton variant="heading" width="40%" />
          {Array.from({ length: lines }, (_, i) => (
            // The last line is shorter, as a paragraph's is.
            <Skeleton key={`line-${i}`} width={i === lines - 1 ? '60%' : '100%'} />
          ))}
          {Array.from({ length: blocks }, (_, i) => (
            <Skeleton key={`block-${i}`} variant="block" />
          ))}
        </>
      )}
    </div>
  );
}
