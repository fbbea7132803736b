// IEC 60063 preferred numbers. E24 and below keep their historical values (2.7, 3.3 … 8.2 do not
// follow the formula); E48/E96 follow round(10^(i/n), 2).
const E24 = [
  1.0, 1.1, 1.2, 1.3, 1.5, 1.6, 1.8, 2.0, 2.2, 2.4, 2.7, 3.0, 3.3, 3.6, 3.9, 4.3, 4.7, 5.1, 5.6,
  6.2, 6.8, 7.5, 8.2, 9.1,
];

export type ESeries = 'E6' | 'E12' | 'E24' | 'E48' | 'E96';

/** The mantissas of an E series in one decade, from 1 up to below 10. */
export function eSeries(series: ESeries): number[] {
  switch (series) {
    case 'E6':
      return E24.filter((_, index) => index % 4 === 0);
    case 'E12':
      return E24.filter((_, index) => index % 2 === 0);
    case 'E24':
      return [...E24];
    case 'E48':
    case 'E96': {
      const count = series === 'E48' ? 48 : 96;
      return Array.from({ length: count }, (_, index) =>
        Number((10 ** (index / count)).toFixed(2)),
      );
    }
  }
}
