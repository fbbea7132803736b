// Part numbers are written with and without dashes and spaces, in any case (`RC0603FR-074K7L`,
// `rc0603fr074k7l`): one key compares them, for uniqueness per manufacturer and for search.

/** Upper case, without spaces, dashes or underscores; dots and slashes stay (SMAJ5.0A ≠ SMAJ50A). */
export function partNumberKey(partNumber: string): string {
  return partNumber
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-_\u2010-\u2015]+/g, '');
}
