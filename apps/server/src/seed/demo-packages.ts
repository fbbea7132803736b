// The demo catalogue's packages: chip sizes with their outlines, and the packages the other
// families name.

import type { CataloguePackage } from '../modules/parts/catalogue-record.ts';
import { CATEGORY } from './demo-catalogue-basics.ts';

type Outline = { lengthMm: number; widthMm: number };

function pkg(
  pkgName: string,
  aliases: string[],
  outline: Outline,
  mountType: 'SMD' | 'THT',
  numOfPins: number,
  categoryIds: number[],
): CataloguePackage {
  return {
    pkgName,
    aliases,
    minXMm: -outline.lengthMm / 2,
    maxXMm: outline.lengthMm / 2,
    minYMm: -outline.widthMm / 2,
    maxYMm: outline.widthMm / 2,
    mountType,
    numOfPins,
    categoryIds,
  };
}

export const CHIP_SIZES: [string, string, number, number][] = [
  ['0201', '0603', 0.6, 0.3],
  ['0402', '1005', 1.0, 0.5],
  ['0603', '1608', 1.6, 0.8],
  ['0805', '2012', 2.0, 1.25],
  ['1206', '3216', 3.2, 1.6],
  ['1210', '3225', 3.2, 2.5],
  ['2010', '5025', 5.0, 2.5],
  ['2512', '6332', 6.4, 3.2],
];

/**
 * The names CAD libraries give a chip footprint of one size (also added to existing catalogues
 * by migration 0030): KiCad `C_0402_1005Metric`, Altium `CAP0402`/`RES0402`, Eagle `C0603`,
 * EasyEDA `R0603`/`0603_C`, IPC-7351 `CAPC1005` (its height suffix is dropped when read). Staff
 * edit them as package aliases; the metric size alone (`1005`) stays out, since `0603` is a
 * metric and an imperial size at once.
 */
export function chipFootprintAliases(imperial: string, metric: string): string[] {
  return [
    `${metric} metric`,
    `${metric}Metric`,
    ...['R', 'C', 'L'].map((kind) => `${kind}_${imperial}_${metric}Metric`),
    ...['CAP', 'RES', 'IND', 'C', 'R', 'L'].map((prefix) => `${prefix}${imperial}`),
    ...['C', 'R', 'L'].map((kind) => `${imperial}_${kind}`),
    ...['CAPC', 'RESC', 'INDC'].map((prefix) => `${prefix}${metric}`),
  ];
}

function chipPackages(): CataloguePackage[] {
  return CHIP_SIZES.map(([imperial, metric, length, width]) =>
    pkg(
      imperial,
      chipFootprintAliases(imperial, metric),
      { lengthMm: length, widthMm: width },
      'SMD',
      2,
      [CATEGORY.resistors, CATEGORY.capacitors, CATEGORY.inductors],
    ),
  );
}

export const PIN_HEADER_POSITIONS = [2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 40];

export function demoPackages(): CataloguePackage[] {
  const { diodes, transistors, regulators, microcontrollers, connectors, electrolytics } = CATEGORY;
  const list: CataloguePackage[] = [
    ...chipPackages(),
    pkg('SOD-523', ['SC-79'], { lengthMm: 1.2, widthMm: 0.8 }, 'SMD', 2, [diodes]),
    pkg('SOD-323', ['SC-76'], { lengthMm: 1.7, widthMm: 1.25 }, 'SMD', 2, [diodes]),
    pkg('SOD-123', [], { lengthMm: 2.7, widthMm: 1.6 }, 'SMD', 2, [diodes]),
    pkg('SMA', ['DO-214AC'], { lengthMm: 4.3, widthMm: 2.6 }, 'SMD', 2, [diodes]),
    pkg('SMB', ['DO-214AA'], { lengthMm: 4.6, widthMm: 3.6 }, 'SMD', 2, [diodes]),
    pkg('SMC', ['DO-214AB'], { lengthMm: 6.9, widthMm: 5.9 }, 'SMD', 2, [diodes]),
    pkg('DO-41', ['DO-204AL'], { lengthMm: 5.2, widthMm: 2.7 }, 'THT', 2, [diodes]),
    pkg('LED 3mm', ['T-1'], { lengthMm: 3.8, widthMm: 3.8 }, 'THT', 2, [diodes]),
    pkg('SOT-23', ['TO-236', 'SOT-23-3'], { lengthMm: 2.9, widthMm: 1.3 }, 'SMD', 3, [
      diodes,
      transistors,
      regulators,
    ]),
    pkg('SOT-23-5', ['SC-74A', 'SOT-25', 'SOT23-5'], { lengthMm: 2.9, widthMm: 1.6 }, 'SMD', 5, [
      regulators,
    ]),
    pkg('SOT-89', ['SOT-89-3'], { lengthMm: 4.5, widthMm: 2.5 }, 'SMD', 3, [
      transistors,
      regulators,
    ]),
    pkg('SOT-223', ['SOT-223-3', 'TO-261'], { lengthMm: 6.5, widthMm: 3.5 }, 'SMD', 4, [
      transistors,
      regulators,
    ]),
    pkg('TO-252', ['DPAK'], { lengthMm: 6.6, widthMm: 6.1 }, 'SMD', 3, [transistors, regulators]),
    pkg('TO-220', ['TO-220-3'], { lengthMm: 10.0, widthMm: 4.5 }, 'THT', 3, [
      transistors,
      regulators,
    ]),
    pkg(
      'SOIC-8',
      ['SOP-8', 'SO-8', 'SOIC-8_3.9x4.9mm_P1.27mm'],
      { lengthMm: 4.9, widthMm: 3.9 },
      'SMD',
      8,
      [transistors, regulators, microcontrollers],
    ),
    pkg('TSSOP-20', ['TSSOP20'], { lengthMm: 6.5, widthMm: 4.4 }, 'SMD', 20, [microcontrollers]),
    pkg('QFN-32', ['QFN-32-EP(5x5)', 'VQFN-32'], { lengthMm: 5, widthMm: 5 }, 'SMD', 32, [
      microcontrollers,
    ]),
    pkg('QFN-56', ['QFN-56-EP(7x7)'], { lengthMm: 7, widthMm: 7 }, 'SMD', 56, [microcontrollers]),
    pkg('LQFP-32', ['LQFP32'], { lengthMm: 7, widthMm: 7 }, 'SMD', 32, [microcontrollers]),
    pkg('LQFP-48', ['LQFP48'], { lengthMm: 7, widthMm: 7 }, 'SMD', 48, [microcontrollers]),
    pkg('LQFP-64', ['LQFP64'], { lengthMm: 10, widthMm: 10 }, 'SMD', 64, [microcontrollers]),
    pkg('LQFP-100', ['LQFP100'], { lengthMm: 14, widthMm: 14 }, 'SMD', 100, [microcontrollers]),
    pkg('Case A', ['3216-18', 'EIA 3216'], { lengthMm: 3.2, widthMm: 1.6 }, 'SMD', 2, [
      electrolytics,
    ]),
    pkg('Case B', ['3528-21', 'EIA 3528'], { lengthMm: 3.5, widthMm: 2.8 }, 'SMD', 2, [
      electrolytics,
    ]),
    pkg('Case C', ['6032-28', 'EIA 6032'], { lengthMm: 6.0, widthMm: 3.2 }, 'SMD', 2, [
      electrolytics,
    ]),
    pkg('SMD 5x5.4', ['CAP-SMD 5x5.4'], { lengthMm: 5.3, widthMm: 5.3 }, 'SMD', 2, [electrolytics]),
    pkg('SMD 6.3x7.7', ['CAP-SMD 6.3x7.7'], { lengthMm: 6.6, widthMm: 6.6 }, 'SMD', 2, [
      electrolytics,
    ]),
    pkg('SMD 8x10', ['CAP-SMD 8x10'], { lengthMm: 8.3, widthMm: 8.3 }, 'SMD', 2, [electrolytics]),
    pkg('Radial 5x11', ['CP_Radial_D5.0mm_P2.00mm'], { lengthMm: 5, widthMm: 5 }, 'THT', 2, [
      electrolytics,
    ]),
    pkg('Radial 8x12', ['CP_Radial_D8.0mm_P3.50mm'], { lengthMm: 8, widthMm: 8 }, 'THT', 2, [
      electrolytics,
    ]),
    pkg('Radial 10x16', ['CP_Radial_D10.0mm_P5.00mm'], { lengthMm: 10, widthMm: 10 }, 'THT', 2, [
      electrolytics,
    ]),
    pkg('SMD 4x4', ['IND-SMD 4x4'], { lengthMm: 4, widthMm: 4 }, 'SMD', 2, [CATEGORY.inductors]),
    pkg('SMD 5x5', ['IND-SMD 5x5'], { lengthMm: 5, widthMm: 5 }, 'SMD', 2, [CATEGORY.inductors]),
    pkg('SMD 6x6', ['IND-SMD 6x6'], { lengthMm: 6, widthMm: 6 }, 'SMD', 2, [CATEGORY.inductors]),
    pkg('USB-C 16P', ['USB-C-SMD_16P'], { lengthMm: 8.9, widthMm: 7.3 }, 'SMD', 16, [connectors]),
    pkg('Micro-USB 5P', ['MICRO-USB-SMD_5P'], { lengthMm: 7.5, widthMm: 5.0 }, 'SMD', 5, [
      connectors,
    ]),
  ];
  for (const positions of PIN_HEADER_POSITIONS) {
    const count = String(positions).padStart(2, '0');
    list.push(
      pkg(
        `PinHeader 1x${count} P2.54mm`,
        [`PinHeader_1x${count}_P2.54mm_Vertical`, `PinHeader_1x${count}_P2.54mm`],
        { lengthMm: 2.54 * positions, widthMm: 2.54 },
        'THT',
        positions,
        [connectors],
      ),
      pkg(
        `PinHeader 2x${count} P2.54mm`,
        [`PinHeader_2x${count}_P2.54mm_Vertical`],
        { lengthMm: 2.54 * positions, widthMm: 5.08 },
        'THT',
        positions * 2,
        [connectors],
      ),
    );
  }
  for (let positions = 2; positions <= 12; positions += 1) {
    const count = String(positions).padStart(2, '0');
    list.push(
      pkg(
        `JST PH 1x${count} P2.00mm`,
        [`JST_PH_B${positions}B-PH-K_1x${count}_P2.00mm_Vertical`],
        { lengthMm: 2 * positions + 1.9, widthMm: 4.5 },
        'THT',
        positions,
        [connectors],
      ),
      pkg(
        `JST XH 1x${count} P2.50mm`,
        [`JST_XH_B${positions}B-XH-A_1x${count}_P2.50mm_Vertical`],
        { lengthMm: 2.5 * positions + 2.4, widthMm: 5.75 },
        'THT',
        positions,
        [connectors],
      ),
    );
  }
  return list;
}
