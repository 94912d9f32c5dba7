/** The brand's mark: a post approved on its square (index.html paints the same before the scripts run). */
export function Logo() {
  return (
    <svg className="brand-logo" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
      <rect width="28" height="28" rx="8" fill="var(--accent)" />
      <path d="M8 9.5h12M8 14h7" stroke="var(--on-accent)" strokeWidth="2.4" strokeLinecap="round" />
      <path d="m14.5 19.2 2.6 2.6 5.4-5.6" fill="none" stroke="var(--on-accent)" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
