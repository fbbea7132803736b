// How numbers and dates read in the UI.

const BYTE_UNITS = ['KB', 'MB', 'GB'] as const;

/** 532 B, 14.2 KB, 3.4 MB: one decimal below ten units, none above. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes;
  let unit: (typeof BYTE_UNITS)[number] = 'KB';
  for (const next of BYTE_UNITS) {
    value /= 1024;
    unit = next;
    if (value < 1024) break;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`;
}

const DATE_TIME = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return DATE.format(new Date(iso));
}
