import { describe, expect, it } from 'vitest';
import { type BomRowForConfirmation, isBomRowConfirmed } from './bom-confirmation.ts';

const UNCONFIRMED: BomRowForConfirmation = {
  part_id: null,
  confirmed_by: null,
  custWillSupply: false,
  substitutions_rows: [],
  refDesign: [
    { refDesign: 'R1', doNotPopulate: false },
    { refDesign: 'R2', doNotPopulate: true },
  ],
};

describe('isBomRowConfirmed (SPEC §4)', () => {
  it('leaves a row without any reason unconfirmed', () => {
    expect(isBomRowConfirmed(UNCONFIRMED)).toBe(false);
    expect(
      isBomRowConfirmed({ ...UNCONFIRMED, substitutions_rows: null, custWillSupply: null }),
    ).toBe(false);
    expect(isBomRowConfirmed({ ...UNCONFIRMED, confirmed_by: '' })).toBe(false);
  });

  it.each([
    ['a linked part', { part_id: 42 }],
    ['a confirmer', { confirmed_by: 7 }],
    ['substitutions', { substitutions_rows: [{ part_id: 3 }] }],
    ['the customer supplying it', { custWillSupply: true }],
    [
      'all refs do-not-populate',
      {
        refDesign: [
          { refDesign: 'R1', doNotPopulate: true },
          { refDesign: 'R2', doNotPopulate: true },
        ],
      },
    ],
  ] as const)('confirms a row with %s', (_reason, change) => {
    expect(isBomRowConfirmed({ ...UNCONFIRMED, ...change })).toBe(true);
  });

  it('does not count a row without refs as all do-not-populate', () => {
    expect(isBomRowConfirmed({ ...UNCONFIRMED, refDesign: [] })).toBe(false);
  });
});
