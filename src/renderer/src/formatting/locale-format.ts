// Number and time formatting for the views, in the user's locale.

const counts = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const percents = new Intl.NumberFormat(undefined, {
  style: 'percent',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export function formatCount(value: number): string {
  return counts.format(value);
}

/** A share in [0, 1] as a percentage with one decimal. */
export function formatShare(value: number): string {
  return percents.format(value);
}

export function formatPrevalence(positives: number, stays: number): string {
  return stays > 0 ? formatShare(positives / stays) : '—';
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Seconds left as a short phrase; null while the rate is still unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null) return 'estimating time left…';
  if (seconds < 10) return 'a few seconds left';
  if (seconds < 90) return `about ${Math.round(seconds)} s left`;
  if (seconds < 90 * 60) return `about ${Math.round(seconds / 60)} min left`;
  return `about ${(seconds / 3600).toFixed(1)} h left`;
}
