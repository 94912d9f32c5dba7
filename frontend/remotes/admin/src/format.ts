const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** Part 2 §9's date display, dd/Mon/yyyy hh:mm in the browser's time zone; '—' for none. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return `${two(date.getDate())}/${MONTHS[date.getMonth()]}/${date.getFullYear()} ${two(date.getHours())}:${two(date.getMinutes())}`;
}
