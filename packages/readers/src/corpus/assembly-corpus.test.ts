// The answer key of ../shared/fixtures/assembly-corpus (SOURCE.md gives each file's tool, quirks
// and counts): every BOM and placement file of the 16 projects and 13 tools read whole, with its
// lines, designators, do-not-populate parts, unit, sides and first row exactly as the file says.
// Where a count differs from SOURCE.md the comment above the entry says why.

import { exists, fixturesDir, readBytes, report } from '@circuits/gerber/test-support';
import { describe, expect, it } from 'vitest';
import { readBom } from '../bom/read-bom.ts';
import { readPlacements } from '../placement/read-placements.ts';

const fixtures = fixturesDir();
const corpus = fixtures === null ? null : `${fixtures}/assembly-corpus`;

type BomKey = {
  lines: number;
  designators: number;
  dnp: string[];
  first: {
    refs: string[];
    quantity: number | null;
    value: string | null;
    partNumber: string | null;
    footprint: string | null;
    supplierParts: { supplier: string | null; partNumber: string }[];
  };
};
type PlacementKey = {
  placements: number;
  unit: string;
  bottom: number;
  first: { refDesign: string; side: string; xMm: number; yMm: number; angle: number };
};

const entries: (() => void)[] = [];
const bom = (file: string, key: BomKey) =>
  entries.push(() =>
    it(`BOM ${file}`, () => {
      const read = readBom(readBytes(`${corpus}/${file}`));
      if (!read.ok) throw new Error(read.error.message);
      const refs = read.value.rows.flatMap((row) => row.refDesign);
      const first = read.value.rows[0]!;
      expect({
        lines: read.value.rows.length,
        designators: refs.length,
        dnp: refs.filter((ref) => ref.doNotPopulate).map((ref) => ref.refDesign),
        first: {
          refs: first.refDesign.map((ref) => ref.refDesign).slice(0, 4),
          quantity: first.quantity,
          value: first.value,
          partNumber: first.partNumber,
          footprint: first.footprint,
          supplierParts: first.supplierParts,
        },
      }).toEqual(key);
    }),
  );
const placement = (file: string, key: PlacementKey) =>
  entries.push(() =>
    it(`placements ${file}`, () => {
      const read = readPlacements(readBytes(`${corpus}/${file}`), {
        fileName: file.split('/').pop()!,
      });
      if (!read.ok) throw new Error(read.error.message);
      const first = read.value.placements[0]!;
      expect({
        placements: read.value.placements.length,
        unit: read.value.units.unit,
        bottom: read.value.placements.filter((p) => p.side === 'bottom').length,
        first: {
          refDesign: first.refDesign,
          side: first.side,
          xMm: first.xMm,
          yMm: first.yMm,
          angle: first.angle,
        },
      }).toEqual(key);
    }),
  );

// SOURCE.md: 41 line items (194 parts)
bom('google-deepmind__barkour_robot/Bill of Materials-Gebru.xlsx', {
  lines: 41,
  designators: 194,
  dnp: [],
  first: {
    refs: ['C1A', 'C1B', 'C1C'],
    quantity: 3,
    value: '1nF',
    partNumber: null,
    footprint: 'CAP 0603_1608 RF',
    supplierParts: [],
  },
});
// SOURCE.md: 200
placement('google-deepmind__barkour_robot/Pick Place for Gebru.txt', {
  placements: 200,
  unit: 'mil',
  bottom: 65,
  first: { refDesign: 'M8', side: 'top', xMm: -38.1, yMm: 0, angle: 0 },
});
// SOURCE.md: 47 line items (160 parts)
bom('gregdavill__OrangeCrab/OrangeCrab-bom.csv', {
  lines: 47,
  designators: 160,
  dnp: ['R18', 'R36'],
  first: {
    refs: ['C12', 'C13', 'C47', 'C46'],
    quantity: 5,
    value: '4.7uF',
    partNumber: 'GRM155R61A475MEAAD',
    footprint: 'Capacitor_SMD:C_0402_1005Metric',
    supplierParts: [],
  },
});
// SOURCE.md: 78
placement('gregdavill__OrangeCrab/OrangeCrab-top.pos', {
  placements: 78,
  unit: 'mm',
  bottom: 0,
  first: { refDesign: 'C2', side: 'top', xMm: 46.44, yMm: 16.53, angle: 0 },
});
// SOURCE.md: 66
placement('gregdavill__OrangeCrab/OrangeCrab-bottom.pos', {
  placements: 66,
  unit: 'mm',
  bottom: 66,
  first: { refDesign: 'C1', side: 'bottom', xMm: -29.392, yMm: 17.22, angle: 90 },
});
// SOURCE.md: 78
placement('gregdavill__OrangeCrab/OrangeCrab-top-pos.csv', {
  placements: 78,
  unit: 'mm',
  bottom: 0,
  first: { refDesign: 'C2', side: 'top', xMm: 46.44, yMm: 16.53, angle: 0 },
});
// SOURCE.md: 66
placement('gregdavill__OrangeCrab/OrangeCrab-bottom-pos.csv', {
  placements: 66,
  unit: 'mm',
  bottom: 66,
  first: { refDesign: 'C1', side: 'bottom', xMm: -29.392, yMm: 17.22, angle: 90 },
});
// SOURCE.md: 153 individual rows + 48 collated rows (154 components stated). The collated
// (grouped) table is the one read: 47 lines under its header.
bom('gregdavill__OrangeCrab/OrangeCrab-r0.2-bom.csv', {
  lines: 47,
  designators: 154,
  dnp: [],
  first: {
    refs: ['C1', 'C2', 'C5', 'C14'],
    quantity: 25,
    value: '10nF',
    partNumber: 'CL03B103KP3NNNC',
    footprint: 'Capacitor_SMD:C_0201_0603Metric',
    supplierParts: [],
  },
});
// SOURCE.md: 46 line items (87 parts) per sheet
bom('skot__bitaxe/bitaxeUltra BOM.xlsx', {
  lines: 46,
  designators: 87,
  dnp: [],
  first: {
    refs: ['C1', 'C7', 'C9', 'C19'],
    quantity: 9,
    value: '0.1uF',
    partNumber: '0402X104K100CT',
    footprint: null,
    supplierParts: [{ supplier: 'Digi-Key', partNumber: '1292-1639-1-ND' }],
  },
});
// SOURCE.md: 21 line items (59 parts)
bom('sodiumlb__ocula-hardware/BOM_ocula-1.1.csv', {
  lines: 21,
  designators: 59,
  dnp: [],
  first: {
    refs: ['R2', 'R3', 'R14'],
    quantity: 3,
    value: '33Ω',
    partNumber: '0402WGF330JTCE',
    footprint: 'R0402',
    supplierParts: [{ supplier: 'LCSC', partNumber: 'C25105' }],
  },
});
// SOURCE.md: 65
placement('sodiumlb__ocula-hardware/PickAndPlace_PCB_ocula_1.1.csv', {
  placements: 65,
  unit: 'mm',
  bottom: 3,
  first: { refDesign: 'C1', side: 'top', xMm: 40.5, yMm: 4, angle: 90 },
});
// SOURCE.md: 29 line items (72 parts)
bom('bschulz1701__Project-Hyena/PrimaryLogger_v2_BoM.csv', {
  lines: 29,
  designators: 72,
  dnp: [],
  first: {
    refs: ['J6'],
    quantity: 1,
    value: null,
    partNumber: 'OSTVN02A150',
    footprint: '1X02_2.54_SCREWTERM_ROUND',
    supplierParts: [{ supplier: 'Digi-Key', partNumber: 'ED10561-ND' }],
  },
});
// SOURCE.md: 72
placement('bschulz1701__Project-Hyena/PrimaryLogger_v2.mnt', {
  placements: 72,
  unit: 'mil',
  bottom: 8,
  first: { refDesign: 'BT1', side: 'top', xMm: 6.35, yMm: 33.02, angle: 90 },
});
// SOURCE.md: 38
placement('bschulz1701__Project-Hyena/PrimaryLogger.mnt', {
  placements: 38,
  unit: 'mm',
  bottom: 0,
  first: { refDesign: 'BT1', side: 'top', xMm: 6.35, yMm: 33.02, angle: 90 },
});
// SOURCE.md: 6
placement('bschulz1701__Project-Hyena/PrimaryLogger.mnb', {
  placements: 6,
  unit: 'mm',
  bottom: 6,
  first: { refDesign: 'JP1', side: 'bottom', xMm: 30.48, yMm: 51.18, angle: 90 },
});
// SOURCE.md: 30 line items (73 parts)
bom('bschulz1701__Project-Hyena/AdvancedCircuitsQuote_BoM_2020-09-17.xlsx', {
  lines: 30,
  designators: 73,
  dnp: ['H1', 'H2'],
  first: {
    refs: ['J6'],
    quantity: 1,
    value: null,
    partNumber: 'OSTVN02A150',
    footprint: null,
    supplierParts: [{ supplier: null, partNumber: 'ED10561-ND' }],
  },
});
// SOURCE.md: 81 line items (142 parts)
bom('OLIMEX__ESP32-POE/ESP32-PoE_Rev_M_BOM.csv', {
  lines: 81,
  designators: 142,
  dnp: ['EXT2', 'EXT1'],
  first: {
    refs: ['FID3', 'FID1', 'FID6', 'FID4'],
    quantity: 4,
    value: 'Fiducial',
    partNumber: null,
    footprint: 'Fiducial1x3',
    supplierParts: [],
  },
});
// SOURCE.md: 74 line items; NS(...) in Designation marks parts not stuffed.
bom('OLIMEX__ESP32-POE/ESP32-PoE_Rev_L1-BOM(WROOM) .ods', {
  lines: 74,
  designators: 128,
  dnp: ['EXT1', 'EXT2'],
  first: {
    refs: ['R28'],
    quantity: 1,
    value: '0.03R/1%/R1206',
    partNumber: null,
    footprint: 'R1206',
    supplierParts: [],
  },
});
// SOURCE.md: 6 line items (10 parts). "?1" (a part never annotated) is no designator: 9.
bom('vrstanchev__LibrePCB-Projects/AVRPICBoard_BOM.csv', {
  lines: 6,
  designators: 9,
  dnp: [],
  first: {
    refs: [],
    quantity: 1,
    value: null,
    partNumber: 'PIC10F320',
    footprint: 'PIC10F320',
    supplierParts: [],
  },
});
// SOURCE.md: 85 line items (551 parts)
bom('parallella__parallella-hw/parallella_e16_z7020_bom.xls', {
  lines: 85,
  designators: 551,
  dnp: [
    'CR4',
    'CR6',
    'CR5',
    'C103',
    'C268',
    'C269',
    'C270',
    'C271',
    'C272',
    'C273',
    'C274',
    'C275',
    'C276',
    'C277',
    'C278',
    'C279',
    'C292',
    'C293',
    'C294',
    'C295',
    'C198',
    'C200',
    'C202',
    'C204',
    'C206',
    'C208',
    'C210',
    'C212',
    'C236',
    'C237',
    'C238',
    'C287',
    'C288',
    'D1',
    'J15',
    'R46',
    'R48',
    'R76',
    'R77',
    'R78',
    'R80',
    'R81',
    'R85',
    'R95',
    'R238',
    'R239',
    'R84',
    'R100',
    'R89',
    'R156',
    'R158',
    'R159',
    'R161',
    'R162',
    'R163',
    'R165',
    'R171',
    'R206',
    'R226',
    'R227',
    'R228',
    'R229',
    'R230',
    'R231',
    'R232',
    'R233',
    'R234',
    'R235',
    'R225',
    'TP12',
    'TP14',
    'TP13',
    'TP15',
  ],
  first: {
    refs: ['CR1'],
    quantity: 1,
    value: 'RED',
    partNumber: 'LTST-C193KRKT-5A',
    footprint: 'LED_0603',
    supplierParts: [],
  },
});
// SOURCE.md: 21 line items (76 parts)
bom('parallella__parallella-hw/kvision_bom.xls', {
  lines: 21,
  designators: 76,
  dnp: [],
  first: {
    refs: ['C1', 'C2', 'C3', 'C4'],
    quantity: 10,
    value: '10uF',
    partNumber: 'GRM188R61C106MA73D',
    footprint: 'C0603L',
    supplierParts: [],
  },
});
// SOURCE.md: 77
placement('parallella__parallella-hw/Pick Place for KVision_PCB_V1I1.txt', {
  placements: 77,
  unit: 'mm',
  bottom: 4,
  first: { refDesign: 'U12', side: 'top', xMm: 81.5, yMm: 40.5, angle: 90 },
});
// SOURCE.md: 107 line items (672 parts incl. PCB). The bare PCB has no location and one
// location cell holds a note in Chinese ("J92（...PIN1与PIN2之间）"), left out with a warning.
bom('beagleboard__beaglebone-ai/BeagleBone-AI_bom.csv', {
  lines: 107,
  designators: 670,
  dnp: [],
  first: {
    refs: [],
    quantity: 1,
    value: null,
    partNumber: 'BeagleBone AI PCB Rev A1(Add FCC/CE Logo)',
    footprint: '-',
    supplierParts: [],
  },
});
// SOURCE.md: 26 line items (90 parts)
bom('tinyvision-ai-inc__pico-ice/pico-ice_bom_0.3.csv', {
  lines: 26,
  designators: 90,
  dnp: [],
  first: {
    refs: ['C1', 'C2'],
    quantity: 2,
    value: '27p',
    partNumber: 'GCM1555C1H270JA16D',
    footprint: 'C_0402_1005Metric',
    supplierParts: [],
  },
});
// SOURCE.md: 69
placement('tinyvision-ai-inc__pico-ice/pico-ice-top.pos', {
  placements: 69,
  unit: 'mm',
  bottom: 0,
  first: { refDesign: 'C1', side: 'top', xMm: 14.5288, yMm: 26.7208, angle: 90 },
});
// SOURCE.md: 82
placement('tinyvision-ai-inc__pico-ice/pico-ice-all-pos.xlsx', {
  placements: 82,
  unit: 'mm',
  bottom: 25,
  first: { refDesign: 'C3', side: 'bottom', xMm: -16.4338, yMm: 21.463, angle: 270 },
});
// SOURCE.md: 13 line items (15 parts)
bom('JanM321__esphome-lg-controller/BOM-lg_hvac_esp32.csv', {
  lines: 13,
  designators: 15,
  dnp: [],
  first: {
    refs: ['R2', 'R3'],
    quantity: 2,
    value: '100k',
    partNumber: null,
    footprint: 'R_0805_2012Metric',
    supplierParts: [{ supplier: 'LCSC', partNumber: 'C149504' }],
  },
});
// SOURCE.md: 15
placement('JanM321__esphome-lg-controller/CPL-lg_hvac_esp32.csv', {
  placements: 15,
  unit: 'mm',
  bottom: 0,
  first: { refDesign: 'C1', side: 'top', xMm: 111.874, yMm: -34.804, angle: 270 },
});
// SOURCE.md: 13 line items (15 parts)
bom('JanM321__esphome-lg-controller/bom.csv', {
  lines: 13,
  designators: 15,
  dnp: [],
  first: {
    refs: ['C1'],
    quantity: 1,
    value: '10uF',
    partNumber: null,
    footprint: 'CP_Elec_4x5.4',
    supplierParts: [{ supplier: 'LCSC', partNumber: 'C401619' }],
  },
});
// SOURCE.md: 15
placement('JanM321__esphome-lg-controller/positions.csv', {
  placements: 15,
  unit: 'mm',
  bottom: 0,
  first: { refDesign: 'C1', side: 'top', xMm: 56.896, yMm: -76.708, angle: 0 },
});
// SOURCE.md: 26 line items (72 parts)
bom('Telecominfraproject__OpenCellular/OC_CONNECT_1_BRKOUT_BRD.BOM', {
  lines: 26,
  designators: 72,
  dnp: [],
  first: {
    refs: ['A3', 'A4', 'A5', 'A6'],
    quantity: 8,
    value: null,
    partNumber: '4-881545-2',
    footprint: null,
    supplierParts: [],
  },
});
// SOURCE.md: 68
placement('Telecominfraproject__OpenCellular/BODY CENTER.txt', {
  placements: 68,
  unit: 'mil',
  bottom: 5,
  first: { refDesign: 'R10800', side: 'top', xMm: 49.9623, yMm: 68.582, angle: 90 },
});
// SOURCE.md: 68
placement('Telecominfraproject__OpenCellular/OC_CONNECT_1_BREAKOUT_LIFE-3_COMPONENT_REPORT.xlsx', {
  placements: 68,
  unit: 'mil',
  bottom: 5,
  first: { refDesign: 'C20', side: 'top', xMm: 63.0301, yMm: 59.2968, angle: 270 },
});
// SOURCE.md: 25 assembly lines + 1 procurement-only line; the note "No DNP components" and
// the "Only for procurement" title are no parts.
bom('Telecominfraproject__OpenCellular/Breakout_BOM_Assembly.xlsm', {
  lines: 26,
  designators: 72,
  dnp: [],
  first: {
    refs: ['C20'],
    quantity: 1,
    value: null,
    partNumber: 'C1005X7R1E104K050BB',
    footprint: null,
    supplierParts: [],
  },
});
// SOURCE.md: 333
placement('buildbotics__bbctrl-pcb/bbnew.xy', {
  placements: 333,
  unit: 'mm',
  bottom: 0,
  first: { refDesign: 'D/A/J1', side: 'top', xMm: 134.34, yMm: 98.7, angle: 90 },
});
// SOURCE.md: 78 line items (333 parts). Five "(unknown)" refdes are not designators: 328.
bom('buildbotics__bbctrl-pcb/bbnew.bom', {
  lines: 78,
  designators: 328,
  dnp: [],
  first: {
    refs: ['D/A/J1', 'D/Z/J1', 'D/Y/J1', 'D/X/J1'],
    quantity: 4,
    value: '4-Pin Male Connector',
    partNumber: null,
    footprint: null,
    supplierParts: [],
  },
});

entries.push(() =>
  it('OrangeCrab: Mfg_1/PN_1 are second sources, not the part', () => {
    const read = readBom(readBytes(`${corpus}/gregdavill__OrangeCrab/OrangeCrab-bom.csv`));
    if (!read.ok) throw new Error(read.error.message);
    const columns = Object.fromEntries(
      read.value.columns.map((column) => [column.header.trim(), column.field]),
    );
    expect(columns).toMatchObject({
      PN: 'partNumber',
      Mfg: 'manufacturer',
      Mfg_1: 'substituteManufacturer',
      PN_1: 'substitutePartNumber',
    });
    const withSecondSource = read.value.rows.filter((row) => row.substitutes.length > 0);
    expect(withSecondSource.length).toBeGreaterThan(0);
    for (const row of withSecondSource)
      expect(row.substitutes[0]!.partNumber).not.toBe(row.partNumber);
  }),
);

if (corpus === null || !exists(`${corpus}/SOURCE.md`)) {
  report('assembly corpus answer key skipped: ../shared/fixtures/assembly-corpus not found');
  it.skip('assembly corpus (needs ../shared/fixtures/assembly-corpus)', () => {});
} else {
  describe('the assembly corpus, read exactly', () => {
    for (const entry of entries) entry();
  });
}
