// Semiconductor families of the demo catalogue: diodes, transistors and regulators.

import { formatEngineeringValue } from '@circuits/domain';
import { CATEGORY, type Draft, decadeValues, SPEC, spec } from './demo-catalogue-basics.ts';

export function diodes(): Draft[] {
  const drafts: Draft[] = [];
  const add = (draft: Omit<Draft, 'category' | 'mountType'> & { mountType?: 'SMD' | 'THT' }) =>
    drafts.push({ category: CATEGORY.diodes, mountType: 'SMD', ...draft });
  // Zener: E24 voltages 2.4 V to 47 V in three packages and two power ratings.
  const zenerVoltages = decadeValues('E24', 0, 1).filter((volts) => volts >= 2.4 && volts <= 47);
  for (const [packageName, prefix, watts] of [
    ['SOT-23', 'BZX84C', '300mW'],
    ['SOD-123', 'MMSZ', '500mW'],
    ['SOD-323', 'BZT52C', '200mW'],
    ['SMA', 'SMAZ', '1W'],
  ] as const) {
    for (const volts of zenerVoltages) {
      const partNumber = `${prefix}${String(volts).replace('.', 'V')}`;
      add({
        source: `demo:${partNumber}-${packageName}`,
        name: `Zener ${volts}V ${watts} ${packageName}`,
        partNumber,
        manufacturer: 'Nexperia',
        packageName,
        description: `Zener diode ${volts}V ±5% ${watts} ${packageName}`,
        specs: [
          spec(SPEC.diodeType, 'Zener'),
          spec(SPEC.zenerVoltage, `${volts}V`),
          spec(SPEC.powerDissipation, watts),
          spec(SPEC.reverseLeakage, '1µA'),
          spec(SPEC.forwardVoltage, '900mV'),
        ],
        basePriceMinor: 1.2,
      });
    }
  }
  // TVS: SMAJ/SMBJ stand-off voltages.
  const standOff = [5, 6, 6.5, 7, 7.5, 8, 8.5, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24];
  for (const family of ['SMAJ', 'SMBJ', 'SMCJ'] as const) {
    for (const volts of [...standOff, 26, 28, 30, 33, 36, 40, 43, 45, 48, 51, 54, 58, 60]) {
      for (const suffix of ['A', 'CA']) {
        const partNumber = `${family}${volts}${suffix}`;
        add({
          source: `demo:${partNumber}`,
          name: `TVS ${volts}V ${suffix === 'CA' ? 'bidirectional' : 'unidirectional'}`,
          partNumber,
          manufacturer: 'Vishay',
          packageName: family.slice(0, 3),
          description: `TVS diode ${volts}V stand-off ${family === 'SMAJ' ? '400W' : family === 'SMBJ' ? '600W' : '1500W'} ${suffix === 'CA' ? 'bidirectional' : 'unidirectional'}`,
          specs: [
            spec(SPEC.diodeType, 'TVS'),
            spec(SPEC.reverseVoltage, `${volts}V`),
            spec(
              SPEC.powerDissipation,
              family === 'SMAJ' ? '400W' : family === 'SMBJ' ? '600W' : '1500W',
            ),
            spec(SPEC.reverseLeakage, '5µA'),
          ],
          basePriceMinor: 4,
        });
      }
    }
  }
  // Schottky, rectifier, fast recovery: current × voltage families.
  const families: {
    type: string;
    prefix: string;
    packages: string[];
    currents: number[];
    voltages: number[];
    vf: string;
  }[] = [
    {
      type: 'Schottky',
      prefix: 'SS',
      packages: ['SMA', 'SMB', 'SMC', 'SOD-123'],
      currents: [1, 2, 3, 5],
      voltages: [20, 30, 40, 50, 60, 100, 150, 200],
      vf: '550mV',
    },
    {
      type: 'Rectifier',
      prefix: 'GS',
      packages: ['SMA', 'SMB', 'DO-41'],
      currents: [1, 2, 3],
      voltages: [50, 100, 200, 400, 600, 800, 1000],
      vf: '1.1V',
    },
    {
      type: 'Fast recovery',
      prefix: 'RS',
      packages: ['SMA', 'SMB', 'DO-41'],
      currents: [1, 2, 3],
      voltages: [50, 100, 200, 400, 600, 800, 1000],
      vf: '1.3V',
    },
    {
      type: 'Bridge rectifier',
      prefix: 'MB',
      packages: ['SMB'],
      currents: [0.5, 1, 2],
      voltages: [100, 200, 400, 600, 800, 1000],
      vf: '1V',
    },
  ];
  for (const family of families) {
    for (const packageName of family.packages) {
      for (const amps of family.currents) {
        for (const volts of family.voltages) {
          const partNumber = `${family.prefix}${String(amps).replace('.', '')}${volts / 10}-${packageName.replace(/\W/g, '')}`;
          add({
            source: `demo:${partNumber}`,
            name: `${family.type} ${amps}A ${volts}V ${packageName}`,
            partNumber,
            manufacturer: family.type === 'Schottky' ? 'Diodes Incorporated' : 'onsemi',
            packageName,
            mountType: packageName === 'DO-41' ? 'THT' : 'SMD',
            description: `${family.type} diode ${amps}A ${volts}V Vf ${family.vf} ${packageName}`,
            specs: [
              spec(SPEC.diodeType, family.type),
              spec(SPEC.reverseVoltage, `${volts}V`),
              spec(SPEC.forwardCurrent, `${amps}A`),
              spec(SPEC.forwardVoltage, `${family.vf}@${amps}A`),
              spec(SPEC.reverseLeakage, family.type === 'Schottky' ? '500µA' : '5µA'),
            ],
            basePriceMinor: 1.5 + amps * 2,
          });
        }
      }
    }
  }
  for (const [packageName, prefix] of [
    ['SOD-123', '1N4148W'],
    ['SOD-323', '1N4148WS'],
    ['SOD-523', '1N4148WT'],
    ['SOT-23', 'BAV99'],
    ['DO-41', '1N4148'],
  ] as const) {
    add({
      source: `demo:${prefix}`,
      name: `Switching diode ${packageName}`,
      partNumber: prefix,
      manufacturer: 'onsemi',
      packageName,
      mountType: packageName === 'DO-41' ? 'THT' : 'SMD',
      description: `Small signal switching diode 100V 150mA 4ns ${packageName}`,
      specs: [
        spec(SPEC.diodeType, 'Switching'),
        spec(SPEC.reverseVoltage, '100V'),
        spec(SPEC.forwardCurrent, '150mA'),
        spec(SPEC.forwardVoltage, '1V@50mA'),
      ],
      basePriceMinor: 0.8,
    });
  }
  const colours: [string, string][] = [
    ['Red', '2V'],
    ['Green', '3V'],
    ['Blue', '3.1V'],
    ['Yellow', '2.1V'],
    ['White', '3.2V'],
    ['Orange', '2V'],
    ['Amber', '2.1V'],
  ];
  for (const [colour, vf] of colours) {
    for (const packageName of ['0402', '0603', '0805', '1206', 'LED 3mm']) {
      for (const brightness of ['standard', 'high brightness']) {
        const partNumber = `LED-${packageName.replace(/\W/g, '')}-${colour.toUpperCase()}${brightness === 'standard' ? '' : '-HB'}`;
        add({
          source: `demo:${partNumber}`,
          name: `${colour} LED ${packageName}${brightness === 'standard' ? '' : ' high brightness'}`,
          partNumber,
          manufacturer: 'Würth Elektronik',
          packageName,
          mountType: packageName === 'LED 3mm' ? 'THT' : 'SMD',
          description: `${colour} LED ${brightness} ${vf} 20mA ${packageName}`,
          specs: [
            spec(SPEC.diodeType, 'LED'),
            spec(SPEC.forwardVoltage, `${vf}@20mA`),
            spec(SPEC.forwardCurrent, '20mA'),
          ],
          basePriceMinor: brightness === 'standard' ? 1 : 2.5,
        });
      }
    }
  }
  return drafts;
}

export function transistors(): Draft[] {
  const drafts: Draft[] = [];
  const types: { type: string; prefix: string; maker: string }[] = [
    { type: 'NPN', prefix: 'MMBT', maker: 'onsemi' },
    { type: 'PNP', prefix: 'MMBTP', maker: 'onsemi' },
    { type: 'N-channel MOSFET', prefix: 'NX', maker: 'Nexperia' },
    { type: 'P-channel MOSFET', prefix: 'PX', maker: 'Nexperia' },
  ];
  const packagesByType = ['SOT-23', 'SOT-89', 'SOT-223', 'TO-252', 'SOIC-8', 'TO-220'];
  const voltages = [20, 30, 40, 60, 80, 100, 150, 200];
  const currents = [0.2, 0.5, 1, 2, 4, 8, 15, 30, 60];
  for (const { type, prefix, maker } of types) {
    const mosfet = type.includes('MOSFET');
    for (const [index, packageName] of packagesByType.entries()) {
      for (const volts of voltages) {
        for (const amps of currents.slice(index, index + 4)) {
          const partNumber = `${prefix}${volts}${String(amps).replace('.', 'A')}${packageName.replace(/\W/g, '')}`;
          const rds = formatEngineeringValue(Number((0.5 / amps).toPrecision(2)), 'Ω');
          drafts.push({
            source: `demo:${partNumber}`,
            name: `${type} ${volts}V ${amps}A ${packageName}`,
            partNumber,
            manufacturer: maker,
            category: CATEGORY.transistors,
            packageName,
            mountType: packageName === 'TO-220' ? 'THT' : 'SMD',
            description: `${type} transistor ${volts}V ${amps}A ${mosfet ? `Rds(on) ${rds}` : 'hFE 100-300'} ${packageName}`,
            specs: [
              spec(SPEC.transistorType, type),
              spec(SPEC.vds, `${volts}V`),
              spec(SPEC.id, `${amps}A`),
              ...(mosfet ? [spec(SPEC.rdsOn, rds)] : []),
              spec(SPEC.powerDissipation, `${Math.min(100, 0.3 * (index + 1) ** 2)}W`),
            ],
            basePriceMinor: 2 + amps * 1.5 + volts / 50,
          });
        }
      }
    }
  }
  return drafts;
}

export function regulators(): Draft[] {
  const drafts: Draft[] = [];
  const outputs = [0.8, 1.0, 1.2, 1.5, 1.8, 2.5, 2.8, 3.0, 3.3, 5.0, 9.0, 12.0];
  const ldo: [string, string, number, string, string][] = [
    ['SOT-23-5', 'TLV7', 0.3, 'Texas Instruments', '1.4V~6V'],
    ['SOT-23', 'XC62', 0.2, 'Microchip Technology', '2V~6V'],
    ['SOT-89', 'LP29', 0.5, 'Texas Instruments', '2.5V~16V'],
    ['SOT-223', 'AMS11', 1, 'Diodes Incorporated', '4.5V~15V'],
    ['TO-252', 'LM11', 1.5, 'STMicroelectronics', '4.5V~20V'],
    ['TO-220', 'L78', 1.5, 'STMicroelectronics', '7V~35V'],
  ];
  for (const [packageName, prefix, amps, maker, input] of ldo) {
    for (const volts of outputs) {
      for (const grade of ['C', 'I']) {
        const partNumber = `${prefix}${String(volts.toFixed(1)).replace('.', '')}${grade}-${packageName.replace(/\W/g, '')}`;
        drafts.push({
          source: `demo:${partNumber}`,
          name: `LDO ${volts}V ${amps}A ${packageName}`,
          partNumber,
          manufacturer: maker,
          category: CATEGORY.regulators,
          packageName,
          mountType: packageName === 'TO-220' ? 'THT' : 'SMD',
          description: `Low dropout linear regulator ${volts}V ${amps * 1000}mA input ${input} ${grade === 'C' ? 'commercial' : 'industrial'} ${packageName}`,
          specs: [
            spec(SPEC.regulatorType, 'LDO'),
            spec(SPEC.outputVoltage, `${volts}V`),
            spec(SPEC.outputCurrent, `${amps}A`),
            spec(SPEC.inputVoltage, input),
            spec(SPEC.temperature, grade === 'C' ? '0°C~+70°C' : '-40°C~+85°C'),
          ],
          basePriceMinor: 8 + amps * 10,
        });
      }
    }
  }
  const switchers: [string, string, string][] = [
    ['Buck', 'TPS54', '4.5V~28V'],
    ['Buck', 'MP23', '4.5V~24V'],
    ['Boost', 'TPS61', '0.9V~5.5V'],
    ['Buck-boost', 'TPS63', '1.8V~5.5V'],
  ];
  for (const [type, prefix, input] of switchers) {
    for (const amps of [0.5, 1, 2, 3, 5]) {
      for (const packageName of ['SOT-23-5', 'SOIC-8', 'QFN-32']) {
        for (const fixed of ['ADJ', '3V3', '5V0']) {
          const partNumber = `${prefix}${amps * 10}${fixed}-${packageName.replace(/\W/g, '')}`;
          const volts = fixed === 'ADJ' ? '0.8V~15V' : fixed === '3V3' ? '3.3V' : '5V';
          drafts.push({
            source: `demo:${partNumber}`,
            name: `${type} converter ${amps}A ${fixed === 'ADJ' ? 'adjustable' : volts}`,
            partNumber,
            manufacturer: 'Texas Instruments',
            category: CATEGORY.regulators,
            packageName,
            mountType: 'SMD',
            description: `${type} DC-DC converter ${amps}A output ${volts} input ${input} ${packageName}`,
            specs: [
              spec(SPEC.regulatorType, type),
              spec(SPEC.outputVoltage, volts),
              spec(SPEC.outputCurrent, `${amps}A`),
              spec(SPEC.inputVoltage, input),
            ],
            basePriceMinor: 40 + amps * 20,
          });
        }
      }
    }
  }
  return drafts;
}
