// Microcontrollers and connectors of the demo catalogue.

import { CATEGORY, type Draft, SPEC, spec } from './demo-catalogue-basics.ts';
import { PIN_HEADER_POSITIONS } from './demo-packages.ts';

export function microcontrollers(): Draft[] {
  const drafts: Draft[] = [];
  const families: {
    prefix: string;
    maker: string;
    core: string;
    clock: number;
    packages: [string, string][];
    flashKb: number[];
  }[] = [
    {
      prefix: 'STM32F030',
      maker: 'STMicroelectronics',
      core: 'ARM Cortex-M0+',
      clock: 48,
      packages: [
        ['TSSOP-20', 'F'],
        ['LQFP-32', 'K'],
        ['LQFP-48', 'C'],
        ['LQFP-64', 'R'],
      ],
      flashKb: [16, 32, 64, 128, 256],
    },
    {
      prefix: 'STM32F103',
      maker: 'STMicroelectronics',
      core: 'ARM Cortex-M3',
      clock: 72,
      packages: [
        ['LQFP-48', 'C'],
        ['LQFP-64', 'R'],
        ['LQFP-100', 'V'],
        ['QFN-32', 'T'],
      ],
      flashKb: [32, 64, 128, 256, 512],
    },
    {
      prefix: 'STM32F411',
      maker: 'STMicroelectronics',
      core: 'ARM Cortex-M4',
      clock: 100,
      packages: [
        ['LQFP-48', 'C'],
        ['LQFP-64', 'R'],
        ['LQFP-100', 'V'],
      ],
      flashKb: [256, 512],
    },
    {
      prefix: 'ATSAMD21',
      maker: 'Microchip Technology',
      core: 'ARM Cortex-M0+',
      clock: 48,
      packages: [
        ['QFN-32', 'E'],
        ['LQFP-48', 'G'],
        ['LQFP-64', 'J'],
      ],
      flashKb: [32, 64, 128, 256],
    },
    {
      prefix: 'ATMEGA',
      maker: 'Microchip Technology',
      core: 'AVR',
      clock: 20,
      packages: [
        ['TSSOP-20', 'X'],
        ['QFN-32', 'MU'],
        ['LQFP-32', 'AU'],
      ],
      flashKb: [8, 16, 32, 64, 128],
    },
    {
      prefix: 'ESP32-C3',
      maker: 'Espressif Systems',
      core: 'RISC-V',
      clock: 160,
      packages: [['QFN-32', 'FN']],
      flashKb: [0, 4096],
    },
    {
      prefix: 'ESP32-S3',
      maker: 'Espressif Systems',
      core: 'Xtensa',
      clock: 240,
      packages: [['QFN-56', 'R']],
      flashKb: [0, 4096, 8192],
    },
    {
      prefix: 'RP2040',
      maker: 'Raspberry Pi',
      core: 'ARM Cortex-M0+',
      clock: 133,
      packages: [['QFN-56', '']],
      flashKb: [0],
    },
  ];
  for (const family of families) {
    for (const [packageName, pin] of family.packages) {
      for (const flash of family.flashKb) {
        for (const grade of ['6', '7']) {
          const partNumber =
            family.prefix === 'RP2040'
              ? `RP2040${grade === '6' ? '' : '-I'}`
              : `${family.prefix}${pin}${flash >= 1024 ? `${flash / 1024}M` : flash}T${grade}`;
          const ramKb = Math.max(4, Math.min(512, flash / 4 || 264));
          drafts.push({
            source: `demo:${partNumber}-${packageName}`,
            name: `${family.prefix} ${family.core} ${flash}KB ${packageName}`,
            partNumber,
            manufacturer: family.maker,
            category: CATEGORY.microcontrollers,
            packageName,
            mountType: 'SMD',
            description: `${family.core} microcontroller ${family.clock}MHz ${flash}KB flash ${ramKb}KB RAM ${packageName} ${grade === '6' ? '-40°C~+85°C' : '-40°C~+105°C'}`,
            specs: [
              spec(SPEC.core, family.core),
              spec(SPEC.clock, `${family.clock}MHz`),
              spec(SPEC.flash, `${flash}KB`, flash * 1024),
              spec(SPEC.ram, `${ramKb}KB`, ramKb * 1024),
              spec(
                SPEC.pins,
                packageName.replace(/\D+/g, ''),
                Number(packageName.replace(/\D+/g, '')),
              ),
            ],
            basePriceMinor: 60 + flash / 4,
          });
        }
      }
    }
  }
  return drafts;
}

export function connectors(): Draft[] {
  const drafts: Draft[] = [];
  for (const positions of PIN_HEADER_POSITIONS) {
    const count = String(positions).padStart(2, '0');
    for (const rows of [1, 2]) {
      for (const [type, code] of [
        ['Pin header', 'PH'],
        ['Female header', 'FH'],
      ] as const) {
        for (const plating of ['G', 'T']) {
          const partNumber = `${code}${rows}x${count}-254${plating}`;
          const packageName = `PinHeader ${rows}x${count} P2.54mm`;
          drafts.push({
            source: `demo:${partNumber}`,
            name: `${type} ${rows}x${positions} 2.54mm`,
            partNumber,
            manufacturer: 'Amphenol',
            category: CATEGORY.connectors,
            packageName,
            mountType: 'THT',
            description: `${type} ${rows} row ${positions * rows} positions 2.54mm pitch ${plating === 'G' ? 'gold' : 'tin'} plated`,
            specs: [
              spec(SPEC.connectorType, type),
              spec(SPEC.positions, String(positions * rows), positions * rows),
              spec(SPEC.pitch, '2.54mm', 2.54),
              spec(SPEC.currentRating, '3A'),
            ],
            basePriceMinor: 5 + positions * rows * 0.8,
          });
        }
      }
    }
  }
  for (let positions = 2; positions <= 12; positions += 1) {
    const count = String(positions).padStart(2, '0');
    for (const [type, series, pitch] of [
      ['JST PH', 'PH', 2],
      ['JST XH', 'XH', 2.5],
    ] as const) {
      for (const variant of ['B', 'S']) {
        const partNumber = `${variant}${positions}B-${series}-${variant === 'B' ? 'K' : 'SM4'}`;
        drafts.push({
          source: `demo:${partNumber}`,
          name: `${type} ${positions} positions ${variant === 'B' ? 'vertical' : 'side entry'}`,
          partNumber,
          manufacturer: 'JST',
          category: CATEGORY.connectors,
          packageName: `${type} 1x${count} P${pitch.toFixed(2)}mm`,
          mountType: 'THT',
          description: `${type} wire-to-board header ${positions} positions ${pitch}mm pitch`,
          specs: [
            spec(SPEC.connectorType, type),
            spec(SPEC.positions, String(positions), positions),
            spec(SPEC.pitch, `${pitch}mm`, pitch),
            spec(SPEC.currentRating, pitch === 2 ? '2A' : '3A'),
          ],
          basePriceMinor: 6 + positions,
        });
      }
    }
  }
  for (const [type, packageName, pins] of [
    ['USB-C', 'USB-C 16P', 16],
    ['USB Micro-B', 'Micro-USB 5P', 5],
  ] as const) {
    for (const variant of ['A', 'B', 'C', 'D']) {
      const partNumber = `${type === 'USB-C' ? 'USB4105' : 'USB3075'}-GF-${variant}`;
      drafts.push({
        source: `demo:${partNumber}`,
        name: `${type} receptacle ${variant}`,
        partNumber,
        manufacturer: 'Amphenol',
        category: CATEGORY.connectors,
        packageName,
        mountType: 'SMD',
        description: `${type} receptacle ${pins} pins SMD`,
        specs: [
          spec(SPEC.connectorType, type),
          spec(SPEC.positions, String(pins), pins),
          spec(SPEC.currentRating, type === 'USB-C' ? '5A' : '1.8A'),
        ],
        basePriceMinor: 35,
      });
    }
  }
  return drafts;
}
