/**
 * The log viewer's scrolling, as numbers: only the lines in view (and a few
 * around them) are rendered, whatever the file's length. A file taller than
 * browsers can scroll (a few million pixels) gets a scroll area of at most
 * MAX_SCROLL_HEIGHT over which its lines are spread evenly; otherwise one
 * line is LINE_HEIGHT pixels of scrolling.
 */
export const LINE_HEIGHT = 20;
export const MAX_SCROLL_HEIGHT = 8_000_000;
/** Lines rendered beyond each edge of the view, so a short scroll shows no gap. */
export const OVERSCAN = 20;

export interface ScrollGeometry {
  totalLines: number;
  viewportHeight: number;
  /** Height of the scroll area. */
  height: number;
  /** Pixels the view can scroll: height - viewportHeight. */
  scrollRange: number;
  /** Lines the top of the view can move through: totalLines - the lines in view. */
  lineRange: number;
}

export function scrollGeometry(totalLines: number, viewportHeight: number): ScrollGeometry {
  const height = Math.min(totalLines * LINE_HEIGHT, MAX_SCROLL_HEIGHT);
  return {
    totalLines,
    viewportHeight,
    height,
    scrollRange: Math.max(0, height - viewportHeight),
    lineRange: Math.max(0, totalLines - viewportHeight / LINE_HEIGHT),
  };
}

/** The (fractional) line at the top of the view for a scroll position. */
export function topLineAt(scrollTop: number, geometry: ScrollGeometry): number {
  if (geometry.scrollRange === 0) return 0;
  // Multiplied first: a file that fits scrolls by whole lines exactly.
  return (Math.min(Math.max(scrollTop, 0), geometry.scrollRange) * geometry.lineRange) / geometry.scrollRange;
}

/** The scroll position that puts line `line` at the top of the view (as near as the end allows). */
export function scrollTopFor(line: number, geometry: ScrollGeometry): number {
  if (geometry.lineRange === 0) return 0;
  return (Math.min(Math.max(line, 0), geometry.lineRange) * geometry.scrollRange) / geometry.lineRange;
}

/** The scroll position that shows line `line` in the middle of the view. */
export function scrollTopToShow(line: number, geometry: ScrollGeometry): number {
  return scrollTopFor(line - geometry.viewportHeight / LINE_HEIGHT / 2 + 0.5, geometry);
}

/**
 * The lines to render for a scroll position, `first` … `last` (inclusive;
 * none when last < first), and where the first goes: `top` pixels from the top
 * of the scroll area, so that the top line sits at the top of the view.
 */
export function renderedLines(scrollTop: number, geometry: ScrollGeometry): { first: number; last: number; top: number } {
  const { totalLines, viewportHeight } = geometry;
  const topLine = topLineAt(scrollTop, geometry);
  const first = Math.max(0, Math.floor(topLine) - OVERSCAN);
  const last = Math.min(totalLines - 1, Math.ceil(topLine + viewportHeight / LINE_HEIGHT) + OVERSCAN);
  const clamped = Math.min(Math.max(scrollTop, 0), geometry.scrollRange);
  return { first, last, top: clamped - (topLine - first) * LINE_HEIGHT };
}
