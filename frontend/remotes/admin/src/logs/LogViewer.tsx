import type { Host } from '@planner/remote-contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { failureText } from '../errors.js';
import { highlightParts } from './highlight.js';
import { useLogLines } from './useLogLines.js';
import { LINE_HEIGHT, renderedLines, scrollGeometry, scrollTopToShow } from './virtual-lines.js';

/** Part 1 §9: the viewer is 600 px high (the whole window in fullscreen). */
const VIEWPORT_HEIGHT = 600;
/** Lines are fetched once the scrolling pauses this long, not for every line scrolled past. */
const FETCH_DELAY_MS = 80;

/** A scroll the page asks for; a new `id` asks again for the same place. */
export interface Jump {
  to: number | 'top' | 'bottom';
  id: number;
}

/**
 * A log file's lines in a scroll area of fixed height, rendering only the
 * lines in view (useLogLines fetches them as they come into view): a file of
 * any size stays one short list of elements. Matches of the search are marked,
 * the current one's line stands out. Keyboard: the area takes focus and scrolls
 * with the arrow, page and Home/End keys.
 */
export function LogViewer({ host, name, reload, pattern, currentMatch, jump }: {
  host: Host;
  name: string;
  reload: number;
  pattern: RegExp | null;
  currentMatch: number | null;
  jump: Jump | null;
}) {
  const { totalLines, error, lineAt, request } = useLogLines(host, name, reload);
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(VIEWPORT_HEIGHT);
  const frame = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setViewportHeight(element.clientHeight || VIEWPORT_HEIGHT);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const geometry = scrollGeometry(totalLines ?? 0, viewportHeight);
  const { first, last, top } = renderedLines(scrollTop, geometry);

  useEffect(() => {
    if (totalLines === null || last < first) return;
    const timer = setTimeout(() => request(first, last), FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [first, last, totalLines, request]);

  // A new file starts at its top.
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrollTop(0);
  }, [name]);

  // The jump asked for, once the file's length is known (when asked, not whenever the geometry changes).
  const ready = totalLines !== null;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!jump || !ready || !element) return;
    const target =
      jump.to === 'top' ? 0 : jump.to === 'bottom' ? geometry.scrollRange : scrollTopToShow(jump.to, geometry);
    element.scrollTop = target;
    setScrollTop(target);
  }, [jump, ready]);

  // Once the line jumped to is there, its first match is scrolled into view sideways (lines can be long).
  const revealed = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !jump || typeof jump.to !== 'number' || revealed.current === jump.id) return;
    const mark = element.querySelector<HTMLElement>('.current-match mark');
    if (!mark) return;
    revealed.current = jump.id;
    const gutter = element.querySelector<HTMLElement>('.current-match .log-line-number')?.offsetWidth ?? 0;
    const start = mark.offsetLeft - gutter;
    if (mark.offsetLeft < element.scrollLeft + gutter || mark.offsetLeft + mark.offsetWidth > element.scrollLeft + element.clientWidth) {
      element.scrollLeft = Math.max(0, start - LINE_HEIGHT * 2);
    }
  });

  const onScroll = () => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (scroller.current) setScrollTop(scroller.current.scrollTop);
    });
  };
  useEffect(() => () => void (frame.current !== null && cancelAnimationFrame(frame.current)), []);

  if (error && totalLines === null) {
    return (
      <p className="form-message form-message-error" role="alert">
        {failureText(error, 'Failed to load the log file')}
      </p>
    );
  }
  const rows = [];
  for (let index = first; index <= last; index += 1) {
    const text = lineAt(index);
    rows.push(
      <div key={index} className={index === currentMatch ? 'log-line current-match' : 'log-line'} style={{ height: LINE_HEIGHT }}>
        <span className="log-line-number" aria-hidden="true">
          {index + 1}
        </span>
        {text === undefined ? (
          <span className="log-line-loading">…</span>
        ) : (
          highlightParts(text, pattern).map((part, at) => (part.match ? <mark key={at}>{part.text}</mark> : <span key={at}>{part.text}</span>))
        )}
      </div>,
    );
  }
  return (
    <>
      <p className="muted log-viewer-status" aria-live="polite">
        {totalLines === null ? 'Loading…' : totalLines === 0 ? 'This file is empty.' : `${totalLines.toLocaleString('en-US')} lines`}
        {error !== null && totalLines !== null && ` · ${failureText(error, 'Some lines could not be loaded')}`}
      </p>
      <div
        ref={scroller}
        className="log-lines"
        role="region"
        aria-label={`Contents of ${name}`}
        tabIndex={0}
        onScroll={onScroll}
        aria-busy={totalLines === null}
      >
        <div className="log-lines-spacer" style={{ height: geometry.height }}>
          <div className="log-lines-window" style={{ transform: `translateY(${top}px)` }}>
            {rows}
          </div>
        </div>
      </div>
    </>
  );
}
