// Heads of real BOM and pick-and-place exports from public repositories (the first lines and a
// few rows, as the files have them; never whole files), each with where it came from, and what
// a reader should make of it. They widen the tests beyond ../shared/fixtures: other tools, other
// versions, other boards. The expectations were written from reading each file by eye.

import type { PlacementUnit } from '@circuits/domain';
import type { BomField } from '../bom/bom-columns.ts';
import type { PlacementFormat, PlacementSide } from '../placement/read-placements.ts';

export type CorpusSource = {
  repository: string;
  path: string;
  commit: string;
  /** The tool (and version, where the file says) that wrote it. */
  tool: string;
};

export type BomCorpusEntry = {
  source: CorpusSource;
  text: string;
  expected: {
    headerLine: number;
    /** Header cell -> field; cells not listed must stay unmapped or be free to map. */
    fields: Record<string, BomField>;
    rows: number;
    designators: number;
    /** Designators read as do-not-populate. */
    dnp?: string[];
    /** Warning types expected, in order. */
    warnings?: string[];
  };
};

export type PlacementCorpusEntry = {
  source: CorpusSource;
  fileName: string;
  text: string;
  expected: {
    format: PlacementFormat;
    unit: PlacementUnit;
    placements: number;
    first: { refDesign: string; side: PlacementSide; xMm: number; yMm: number; angle: number };
    /** Packages of some placements, by designator. */
    package?: Record<string, string>;
  };
};

const lines = (...rows: string[]) => `${rows.join('\n')}\n`;

export const BOM_CORPUS: BomCorpusEntry[] = [
  {
    source: {
      repository: 'oomlout/oomlout_oomp_project_bot_v_2',
      path: 'projects/acheronproject_apollo87h_apollo87h/current_version/working/working_bom_schematic.csv',
      commit: '875d16f55f1e53ec53e9996d8893cfe97edf4b79',
      tool: 'KiCad 7.0.6 eeschema, plugin bom_csv_grouped_by_value_with_fp',
    },
    text: lines(
      '"Source:","C:\\gh\\oomlout_oomp_project_bot_v_2\\projects\\acheronproject_apollo87h_apollo87h\\current_version\\working\\working.kicad_sch"',
      '"Date:","09/09/2023 07:59:15"',
      '"Tool:","Eeschema 7.0.6"',
      '"Generator:","C:/Program Files/KiCad/7.0/bin/scripting/plugins/bom_csv_grouped_by_value_with_fp.py"',
      '"Component Count:","487"',
      '"Ref","Qnty","Value","Cmp name","Footprint","Description","Vendor","DNP"',
      '"C1, C3, C17, C18","4","100n","C","Capacitor_SMD:C_0805_2012Metric","Unpolarized capacitor","",""',
      '"C2","1","10u","C_Small","Capacitor_SMD:C_0805_2012Metric","Unpolarized capacitor, small symbol","",""',
      '"C4, C5","2","1u","C","Capacitor_SMD:C_0805_2012Metric","Unpolarized capacitor","",""',
    ),
    expected: {
      headerLine: 6,
      fields: {
        Ref: 'designator',
        Qnty: 'quantity',
        Value: 'value',
        Footprint: 'footprint',
        Description: 'description',
        DNP: 'doNotPopulate',
      },
      rows: 3,
      designators: 7,
    },
  },
  {
    source: {
      repository: 'festlv/mso5000-logic-probe',
      path: 'probe-pcb/outputs/bom.csv',
      commit: '4f6b11d05f83829470e6475a11ea9e42003d5608',
      tool: 'KiCad 7.0.1 eeschema, plugin bom_csv_grouped_by_value',
    },
    text: lines(
      '"Source:","/home/reinis/personal/mso5000-logic/probe-pcb/probe-pcb.kicad_sch"',
      '"Date:","Sat 18 Mar 2023 02:10:12 AM EET"',
      '"Tool:","Eeschema 7.0.1"',
      '"Generator:","/usr/share/kicad/plugins/bom_csv_grouped_by_value.py"',
      '"Component Count:","36"',
      '',
      '"Collated Components:"',
      '',
      '"Item","Qty","Reference(s)","Value","LibPart","Footprint","Datasheet","DNP","AltMPN","AltManufacturer","LCSC#","MPN","Manufacturer"',
      '"1","4","C1, C2, C6, C7","0.1uF","Device:C_Small","Capacitor_SMD:C_0603_1608Metric","~","","","","C1591","CL10B104KB8NNNC","Samsung Electro-Mechanics"',
      '"2","1","C3","470pF","Device:C_Small","Capacitor_SMD:C_0603_1608Metric","~","","","","C107092","CC0603KRX7R9BB471","YAGEO"',
      '"13","1","U1","SN74AXC8T245","mso5000:SN74AXC8T245","Package_SO:TSSOP-24_4.4x7.8mm_P0.65mm","https://www.ti.com/lit/ds/symlink/sn74axc8t245.pdf?ts=1678888996176","","SN74LXC8T245QPWRQ1","","C882718","SN74AXC8T245PWR","TI"',
    ),
    expected: {
      headerLine: 9,
      fields: {
        Item: 'item',
        Qty: 'quantity',
        'Reference(s)': 'designator',
        Value: 'value',
        Footprint: 'footprint',
        DNP: 'doNotPopulate',
        'LCSC#': 'supplierPartNumber',
        MPN: 'partNumber',
        Manufacturer: 'manufacturer',
      },
      rows: 3,
      designators: 6,
    },
  },
  {
    source: {
      repository: 'festlv/mso5000-logic-probe',
      path: 'probe-pcb/outputs/jlc/bom.csv',
      commit: '4f6b11d05f83829470e6475a11ea9e42003d5608',
      tool: 'KiKit fab jlcpcb (JLCPCB BOM template)',
    },
    text: lines(
      'Comment,Designator,Footprint,LCSC',
      'SN74AXC8T245,U1,Package_SO:TSSOP-24_4.4x7.8mm_P0.65mm,C882718',
      '0R,"R1,R10,R11,R12,R13,R14",Resistor_SMD:R_0603_1608Metric,C95177',
      '3.9V 5%,D1,Diode_SMD:D_SOD-323,C5359777',
    ),
    expected: {
      headerLine: 1,
      fields: {
        Comment: 'value',
        Designator: 'designator',
        Footprint: 'footprint',
        LCSC: 'supplierPartNumber',
      },
      rows: 3,
      designators: 8,
    },
  },
  {
    source: {
      repository: 'tinyvision-ai-inc/UPduino-v3.0',
      path: 'Board/KiCAD/BoM_UPduino.csv',
      commit: '4fbc6ab2af911d88903e49756efa88861f74a057',
      tool: 'KiCad pcbnew, Fabrication Outputs > BOM',
    },
    text: lines(
      '"Id";"Designator";"Package";"Quantity";"Designation";"Supplier and ref";',
      '1;"U2";"QFN-48-1EP_7x7mm_P0.5mm_EP5.6x5.6mm";1;"ICE40UP5K-SG48ITR";;;',
      '2;"G***";"1";1;"LOGO";;;',
      '13;"R34";"R_0603_1608Metric";1;"0";;;',
      '14;"R21,R10";"R_0603_1608Metric";2;"DNI";;;',
    ),
    expected: {
      headerLine: 1,
      fields: {
        Id: 'item',
        Designator: 'designator',
        Package: 'footprint',
        Quantity: 'quantity',
        Designation: 'value',
        'Supplier and ref': 'supplierPartNumber',
      },
      // The KiCad logo ("G***") has no designator to place; its line is kept with a warning.
      rows: 4,
      designators: 4,
      dnp: ['R21', 'R10'],
      warnings: ['not-a-designator', 'no-designators'],
    },
  },
  {
    source: {
      repository: 'tinyvision-ai-inc/UPduino-v3.0',
      path: 'Board/v2.0/UPduino_v3.csv',
      commit: '4589eac0f6a5574010c5984496d1aaa13807658d',
      tool: 'KiCad eeschema BOM (grouped, with MPN)',
    },
    text: lines(
      'Item,Qty,Reference(s),Value,Footprint,Datasheet,MPN',
      '1,13,"C1, C11, C19, C20, C21, C22, C24, C27, C28, C29, C30, C31, C35",4.7u,Capacitor_SMD:C_0603_1608Metric,~,',
      '2,17,"C2, C3, C5, C6, C7, C8, C9, C10, C12, C13, C14, C15, C16, C17, C18, C25, C36, C4",0.1u,Capacitor_SMD:C_0603_1608Metric,~,C1005X5R0J104K050BA',
      '5,1,D1,LTST-C191KGKT,LED_SMD:LED_0603_1608Metric,~,',
    ),
    expected: {
      headerLine: 1,
      fields: {
        Item: 'item',
        Qty: 'quantity',
        'Reference(s)': 'designator',
        Value: 'value',
        Footprint: 'footprint',
        MPN: 'partNumber',
      },
      rows: 3,
      designators: 32,
      // Line 3 says 17 but lists 18 capacitors: flagged, not fixed.
      warnings: ['quantity-mismatch'],
    },
  },
  {
    source: {
      repository: 'lab11/permamote',
      path: 'hardware/permamote_lte/rev_a/permamote-lte.csv',
      commit: 'a6779ff7914719f2c6f410a1529e7fd190c72f20',
      tool: 'Eagle bom.ulp (semicolon-separated, attributes as columns)',
    },
    text: lines(
      '"Qty";"Value";"Device";"Package";"Parts";"Description";"DESCRIPTION";"DIGI-KEY_PART_NUMBER";"DIGI-KEY_PURCHASE_URL";"DIGIKEY";"MANUFACTURER";"MANUFACTURER_PART_NUMBER";"MF";"MOUSER";"MP";"MPN";"PACKAGE";"VENDOR";',
      '"1";"";"FXUB65.07.0180C";"";"ANT2";"RF ANT 829MHZ/2.2GHZ FLAT PATCH";"";"931-1455-ND";"https://www.digikey.com/product-detail/en/taoglas-limited/FXUB65.07.0180C/931-1455-ND/6362793";"931-1455-ND";"Taoglas Limited";"FXUB65.07.0180C";"";"";"";"FXUB65.07.0180C";"";"";',
      '"4";"0.1uF";"CAPACITOR0402_CAP";"0402_CAP";"C4, C5, C6, C7";"SMD Capacitor";"";"";"";"490-6328-1-ND";"";"";"";"";"";"GRM155R71C104KA88J ";"";"";',
      '"2";"DNP";"CAPACITOR0402_CAP";"0402_CAP";"C20, C21";"SMD Capacitor";"";"";"";"";"";"";"";"";"";"";"";"";',
    ),
    expected: {
      headerLine: 1,
      fields: {
        Qty: 'quantity',
        Value: 'value',
        Package: 'footprint',
        Parts: 'designator',
        Description: 'description',
        MANUFACTURER: 'manufacturer',
        DIGIKEY: 'supplierPartNumber',
      },
      rows: 3,
      designators: 7,
      dnp: ['C20', 'C21'],
    },
  },
  {
    source: {
      repository: 'lab11/permamote',
      path: 'hardware/max17222evk/rev_a/max17222evk_bom.csv',
      commit: '3cbe54bf0c4c94f2339cab30c6c1999234cba4db',
      tool: 'Eagle bom.ulp (semicolon-separated)',
    },
    text: lines(
      '"Qty";"Value";"Device";"Package";"Parts";"Description";"DIGIKEY";"MANUFACTURER";"MANUFACTURER_PN";"NEWARK";',
      '"2";"";"M023.5MM";"SCREWTERMINAL-3.5MM-2";"J1, J2";"Header 2";"277-1721-ND";"";"";"";',
      '"2";"MAX17222";"MAX17222";"UDFN-6-MAXIM";"U1, U2";"Very high efficiency, very low power boost converter suitable for EH applications";"MAX17222ELT+TCT-ND";"MAXIM INTEGRATED";"MAX17222ELT+T";"";',
      '"4";"TEST_POINT_0.112IN";"TEST_POINT_0.112IN";"TESTPOINT_0.112IN";"TP1, TP2, TP11, TP12";"Solder terminal, turreted";"36-1519-2-ND";"";"";"40F6015";',
    ),
    expected: {
      headerLine: 1,
      fields: {
        Qty: 'quantity',
        Value: 'value',
        Package: 'footprint',
        Parts: 'designator',
        Description: 'description',
        DIGIKEY: 'supplierPartNumber',
        MANUFACTURER: 'manufacturer',
        MANUFACTURER_PN: 'partNumber',
        NEWARK: 'supplierPartNumber',
      },
      rows: 3,
      designators: 8,
    },
  },
];

export const PLACEMENT_CORPUS: PlacementCorpusEntry[] = [
  {
    source: {
      repository: 'oomlout/oomlout_oomp_project_bot_v_2',
      path: 'projects/acheronproject_apollo87h_apollo87h/current_version/working/working-bottom.pos',
      commit: '9eaa1b335db6b0fe4d4ff839e26338c49a67443a',
      tool: 'KiCad 7.0.6 pcbnew, footprint position file (ASCII), bottom side',
    },
    fileName: 'working-bottom.pos',
    text: lines(
      '### Footprint positions - created on Sat Sep  9 00:49:21 2023 ###',
      '### Printed by KiCad version 7.0.6',
      '## Unit = mm, Angle = deg.',
      '## Side : bottom',
      '# Ref     Val            Package                 PosX       PosY       Rot  Side',
      'H1        9774035243R    9774035243R        -195.2629    -6.0000  180.0000  bottom',
      'J1        TYPE-C-31-M12  TYPE-C-31-M-12     -278.6060     8.1222    0.0000  bottom',
      'R1        5.1k           R_0805_2012Metric  -282.0004    -2.1928   90.0000  bottom',
      '## End',
    ),
    expected: {
      format: 'kicad-pos',
      unit: 'mm',
      placements: 3,
      first: { refDesign: 'H1', side: 'bottom', xMm: -195.2629, yMm: -6, angle: 180 },
    },
  },
  {
    source: {
      repository: 'festlv/mso5000-logic-probe',
      path: 'probe-pcb/outputs/jlc/pos.csv',
      commit: 'f4d0f6a95d0df289e5c4932870117540428a5f73',
      tool: 'KiKit fab jlcpcb (JLCPCB CPL template)',
    },
    fileName: 'pos.csv',
    text: lines(
      'Designator,Mid X,Mid Y,Layer,Rotation',
      'C1,108.05,-82.08,T,90.00',
      'C2,108.05,-78.88,T,270.00',
      'U4,119.45,-69.85,T,90.00',
    ),
    expected: {
      format: 'jlcpcb-cpl',
      unit: 'mm',
      placements: 3,
      first: { refDesign: 'C1', side: 'top', xMm: 108.05, yMm: -82.08, angle: 90 },
    },
  },
  {
    source: {
      repository: 'myriadrf/LimeSDR-USB',
      path: 'hardware/plug/1v2/Project Outputs for LimeSDR_1v2/Pick Place/Pick Place for LimeSDR_1v2.txt',
      commit: '5977aa40e39dd7c8f938632048bea7d442810c47',
      tool: 'Altium Designer, Pick Place report (text, no banner, values with "mm")',
    },
    fileName: 'Pick Place for LimeSDR_1v2.txt',
    text: lines(
      'Designator Footprint               Mid X         Mid Y         Ref X         Ref Y         Pad X         Pad Y TB      Rotation Comment        ',
      '',
      'R182       RES0402              60.425mm        28.3mm      60.425mm        28.3mm      60.425mm        28.8mm  B        270.00 0R             ',
      'C305       CAP1206              31.025mm      41.525mm      31.025mm      41.525mm     29.9643mm     40.4643mm  B         45.00 220uF, 4V      ',
      'IC18       SN74AVC4T774         29.375mm      14.125mm      29.375mm      14.125mm      28.775mm       14.85mm  B        360.00 SN74AVC4T774   ',
      'J16        HDR_1x3               3.875mm       19.35mm       3.875mm       19.35mm       1.335mm       19.35mm  T         90.00 Header 3x1 pin ',
    ),
    expected: {
      format: 'altium-text',
      unit: 'mm',
      placements: 4,
      first: { refDesign: 'R182', side: 'bottom', xMm: 60.425, yMm: 28.3, angle: 270 },
    },
  },
  {
    source: {
      repository: 'apertus-open-source-cinema/pcb-paneliser',
      path: 'input/EAGLE/axiom_beta_main_board_v0.37_r1.1/axiom_beta_main_board_v0.37_r1.1.mnt',
      commit: 'e5c353f3788c637e23a862f655ae109772f37c02',
      tool: 'Eagle mountsmd.ulp (.mnt, top side), parts without a value',
    },
    fileName: 'axiom_beta_main_board_v0.37_r1.1.mnt',
    text: lines(
      'C1 -5.71  5.71 315  0805-A',
      'C2 -3.81  7.62 315  0603-A',
      'D1 35.56 -24.13  90 DB2S20500L MICROMELF-R',
      'HDR-NE 41.27 16.38 180  62101621821',
      'X-EAST 22.23  0.00 270 FX10-100/10S FX10A-100S/10',
    ),
    expected: {
      format: 'eagle-mountsmd',
      unit: 'mm',
      placements: 5,
      package: { C1: '0805-A', D1: 'MICROMELF-R', 'HDR-NE': '62101621821' },
      first: { refDesign: 'C1', side: 'top', xMm: -5.71, yMm: 5.71, angle: 315 },
    },
  },
  {
    source: {
      repository: 'Edragon/edragon.github.io',
      path: 'PCB-dat/export-coordinate-dat/export-coordinate-dat.md',
      commit: 'db9a73a2c6a2374cb1d0ebd97ac22c698b9c6ccc',
      tool: 'SMT assembly house coordinate template (header and sample line as its guide shows them)',
    },
    fileName: 'coordinates.csv',
    text: lines(
      'Designator,Footprint,Mid X,Mid Y,Ref X,Ref Y,Pad X,Pad Y,Layer,Rotation,Comment',
      'C1,R0201,14.4mm,46.2mm,14.4mm,46.2mm,14.06mm,46.4mm,T,330,Comment',
    ),
    expected: {
      format: 'jlcpcb-cpl',
      unit: 'mm',
      placements: 1,
      first: { refDesign: 'C1', side: 'top', xMm: 14.4, yMm: 46.2, angle: 330 },
      package: { C1: 'R0201' },
    },
  },
  {
    source: {
      repository: 'bert/pcb',
      path: 'src/hid/bom/bom.c',
      commit: '34103325de5e21d7af2e60944b0efb6fc630ce44',
      tool: 'gEDA pcb XY export: the banner as its exporter prints it, rows in its printf layout',
    },
    fileName: 'board.xy',
    text: lines(
      '# $Id$',
      '# PcbXY Version 1.0',
      '# Date: Mon Jan  1 00:00:00 2024 UTC',
      '# Author: user',
      '# Title: board - PCB X-Y',
      '# RefDes, Description, Value, X, Y, rotation, top/bottom',
      '# X,Y in mils.  rotation in degrees.',
      '# --------------------------------------------',
      'R1,"0805","10k",1250.00,600.00,90,top',
      'U1,"SO8","LM358",2000.00,1500.00,270,bottom',
    ),
    expected: {
      format: 'geda-pcbxy',
      unit: 'mil',
      placements: 2,
      first: { refDesign: 'R1', side: 'top', xMm: 31.75, yMm: 15.24, angle: 90 },
    },
  },
];
