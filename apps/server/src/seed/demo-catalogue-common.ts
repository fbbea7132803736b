import type { CatalogueRecord, CatalogueSpec } from '../modules/parts/catalogue-record.ts';

// The parts an engineer types first, as real part numbers of their real makers: the op-amps,
// MCUs, MOSFETs, diodes, regulators, crystals, sensors and connectors of most hobby and
// production boards (LM358, ATMEGA328P-AU, BSS138, 2N7002, AMS1117-3.3, ESP32-WROOM-32…). Part
// numbers, makers, packages and the headline values (the ones in the part's name) are the makers';
// stock and prices are made up by the demo catalogue like the rest. Categories without a search
// tab (Amplifiers, Crystals, Sensors, Interface, Memory) are created by name when loaded.

export type CommonDraft = Omit<CatalogueRecord, 'stock' | 'priceBreaks'> & {
  basePriceMinor: number;
};

// Ids fixed by the migrations (the tabs of SPEC §9 and the specifications).
const TAB = {
  diodes: 5,
  transistors: 7,
  regulators: 11,
  microcontrollers: 19,
  connectors: 6,
} as const;
const S = {
  clock: 15,
  diodeType: 16,
  reverseVoltage: 17,
  transistorType: 18,
  vds: 19,
  id: 20,
  outputVoltage: 22,
  outputCurrent: 23,
  forwardCurrent: 24,
  core: 29,
  flash: 30,
  ram: 31,
  regulatorType: 32,
  inputVoltage: 33,
  positions: 34,
  connectorType: 35,
  pitch: 14,
  pins: 13,
} as const;

const spec = (specificationId: number, text: string, value?: number): CatalogueSpec =>
  value === undefined ? { specificationId, text } : { specificationId, text, value };

type Row = [
  partNumber: string,
  manufacturer: string,
  category: number | string,
  packageName: string,
  description: string,
  specs: CatalogueSpec[],
  priceCents: number,
  mountType?: 'SMD' | 'THT',
];

const mcu = (core: string, mhz: number, flashKb: number, ramKb: number, pins: number) => [
  spec(S.core, core),
  spec(S.clock, `${mhz}MHz`),
  spec(S.flash, `${flashKb}KB`, flashKb * 1024),
  spec(S.ram, `${ramKb}KB`, ramKb * 1024),
  spec(S.pins, String(pins), pins),
];
const mosfet = (type: string, volts: number, amps: string) => [
  spec(S.transistorType, type),
  spec(S.vds, `${volts}V`),
  spec(S.id, amps),
];
const bjt = (type: string, volts: number, amps: string) => [
  spec(S.transistorType, type),
  spec(S.vds, `${volts}V`),
  spec(S.id, amps),
];
const diode = (type: string, volts: string, amps: string) => [
  spec(S.diodeType, type),
  spec(S.reverseVoltage, volts),
  spec(S.forwardCurrent, amps),
];
const regulator = (type: string, volts: string, amps: string, input: string) => [
  spec(S.regulatorType, type),
  spec(S.outputVoltage, volts),
  spec(S.outputCurrent, amps),
  spec(S.inputVoltage, input),
];
const connector = (type: string, positions: number, pitchMm: number) => [
  spec(S.connectorType, type),
  spec(S.positions, String(positions), positions),
  spec(S.pitch, `${pitchMm}mm`, pitchMm),
];
const crystal = (hz: string) => [spec(S.clock, hz)];

// biome-ignore format: one part a line reads as a table.
const ROWS: readonly Row[] = [
  // Amplifiers and timers
  ['LM358DR2G', 'onsemi', 'Amplifiers', 'SOP-8', 'LM358 dual op-amp, 3-32V, SOIC-8', [], 4],
  ['LM358DT', 'STMicroelectronics', 'Amplifiers', 'SOP-8', 'LM358 dual op-amp SO-8', [], 4],
  ['LM358P', 'Texas Instruments', 'Amplifiers', 'DIP-8', 'LM358 dual op-amp PDIP-8', [], 9, 'THT'],
  ['LM324DR', 'Texas Instruments', 'Amplifiers', 'SOIC-14', 'LM324 quad op-amp SOIC-14', [], 6],
  ['TL072CDR', 'Texas Instruments', 'Amplifiers', 'SOP-8', 'TL072 dual JFET op-amp SOIC-8', [], 9],
  ['MCP6002T-I/SN', 'Microchip Technology', 'Amplifiers', 'SOP-8', 'MCP6002 dual rail-to-rail op-amp 1MHz SOIC-8', [], 12],
  ['NE555DR', 'Texas Instruments', 'Amplifiers', 'SOP-8', 'NE555 precision timer SOIC-8', [], 7],
  // Microcontrollers and modules
  ['ATMEGA328P-AU', 'Microchip Technology', TAB.microcontrollers, 'TQFP-32', 'ATmega328P 8-bit AVR MCU 20MHz 32KB flash TQFP-32', mcu('AVR', 20, 32, 2, 32), 150],
  ['ATMEGA328P-PU', 'Microchip Technology', TAB.microcontrollers, 'DIP-28', 'ATmega328P 8-bit AVR MCU 20MHz 32KB flash PDIP-28', mcu('AVR', 20, 32, 2, 28), 210, 'THT'],
  ['ATMEGA32U4-AU', 'Microchip Technology', TAB.microcontrollers, 'TQFP-44', 'ATmega32U4 8-bit AVR MCU with USB 16MHz TQFP-44', mcu('AVR', 16, 32, 2.5, 44), 290],
  ['ATTINY85-20SU', 'Microchip Technology', TAB.microcontrollers, 'SOP-8', 'ATtiny85 8-bit AVR MCU 20MHz 8KB flash SOIC-8', mcu('AVR', 20, 8, 0.5, 8), 95],
  ['ATSAMD21G18A-AU', 'Microchip Technology', TAB.microcontrollers, 'TQFP-48', 'ATSAMD21G18A Cortex-M0+ 48MHz 256KB flash TQFP-48', mcu('ARM Cortex-M0+', 48, 256, 32, 48), 320],
  ['STM32F103C8T6', 'STMicroelectronics', TAB.microcontrollers, 'LQFP-48', 'STM32F103C8T6 Cortex-M3 72MHz 64KB flash LQFP-48', mcu('ARM Cortex-M3', 72, 64, 20, 48), 280],
  ['STM32F030F4P6', 'STMicroelectronics', TAB.microcontrollers, 'TSSOP-20', 'STM32F030F4P6 Cortex-M0 48MHz 16KB flash TSSOP-20', mcu('ARM Cortex-M0', 48, 16, 4, 20), 60],
  ['STM32G030F6P6', 'STMicroelectronics', TAB.microcontrollers, 'TSSOP-20', 'STM32G030F6P6 Cortex-M0+ 64MHz 32KB flash TSSOP-20', mcu('ARM Cortex-M0+', 64, 32, 8, 20), 55],
  ['ESP32-WROOM-32', 'Espressif Systems', TAB.microcontrollers, 'Module 18x25.5', 'ESP32-WROOM-32 Wi-Fi + Bluetooth module, 4MB flash', mcu('Xtensa LX6', 240, 4096, 520, 38), 290],
  ['ESP32-WROOM-32E-N4', 'Espressif Systems', TAB.microcontrollers, 'Module 18x25.5', 'ESP32-WROOM-32E Wi-Fi + Bluetooth module, 4MB flash', mcu('Xtensa LX6', 240, 4096, 520, 38), 300],
  ['ESP32-C3-MINI-1-N4', 'Espressif Systems', TAB.microcontrollers, 'Module 13.2x16.6', 'ESP32-C3-MINI-1 RISC-V Wi-Fi + BLE module, 4MB flash', mcu('RISC-V', 160, 4096, 400, 53), 190],
  ['ESP32-S3-WROOM-1-N8R8', 'Espressif Systems', TAB.microcontrollers, 'Module 18x25.5', 'ESP32-S3-WROOM-1 Wi-Fi + BLE module, 8MB flash 8MB PSRAM', mcu('Xtensa LX7', 240, 8192, 512, 41), 420],
  ['ESP8266EX', 'Espressif Systems', TAB.microcontrollers, 'QFN-32', 'ESP8266EX Wi-Fi SoC QFN-32', mcu('Xtensa L106', 160, 0, 160, 32), 70],
  ['PIC16F877A-I/P', 'Microchip Technology', TAB.microcontrollers, 'DIP-40', 'PIC16F877A 8-bit MCU 20MHz 14KB flash PDIP-40', mcu('PIC16', 20, 14, 0.4, 40), 480, 'THT'],
  ['CH32V003F4P6', 'WCH', TAB.microcontrollers, 'TSSOP-20', 'CH32V003 RISC-V MCU 48MHz 16KB flash TSSOP-20', mcu('RISC-V', 48, 16, 2, 20), 12],
  // Interface and memory
  ['CH340G', 'WCH', 'Interface', 'SOP-16', 'CH340G USB to UART bridge SOP-16', [], 35],
  ['CP2102N-A02-GQFN28R', 'Silicon Labs', 'Interface', 'QFN-28', 'CP2102N USB to UART bridge QFN-28', [], 160],
  ['MAX3232ESE+T', 'Analog Devices', 'Interface', 'SOIC-16', 'MAX3232 RS-232 transceiver 3-5.5V SOIC-16', [], 180],
  ['SN65HVD230DR', 'Texas Instruments', 'Interface', 'SOP-8', 'SN65HVD230 3.3V CAN transceiver SOIC-8', [], 110],
  ['W25Q128JVSIQ', 'Winbond', 'Memory', 'SOIC-8 208mil', 'W25Q128JV 128Mbit SPI NOR flash SOIC-8', [], 70],
  ['AT24C02C-SSHM-T', 'Microchip Technology', 'Memory', 'SOP-8', 'AT24C02 2Kbit I2C EEPROM SOIC-8', [], 15],
  // Sensors
  ['LM75BD,118', 'NXP Semiconductors', 'Sensors', 'SOP-8', 'LM75B digital temperature sensor I2C SO-8', [], 40],
  ['LM75AD,118', 'NXP Semiconductors', 'Sensors', 'SOP-8', 'LM75A digital temperature sensor I2C SO-8', [], 38],
  ['BME280', 'Bosch Sensortec', 'Sensors', 'LGA-8 2.5x2.5', 'BME280 humidity, pressure and temperature sensor I2C/SPI', [], 320],
  ['SHT31-DIS-B2.5KS', 'Sensirion', 'Sensors', 'DFN-8 2.5x2.5', 'SHT31 humidity and temperature sensor I2C', [], 290],
  ['DS18B20', 'Analog Devices', 'Sensors', 'TO-92', 'DS18B20 1-Wire digital thermometer TO-92', [], 190, 'THT'],
  ['MPU-6050', 'TDK InvenSense', 'Sensors', 'QFN-24', 'MPU-6050 6-axis accelerometer and gyroscope I2C QFN-24', [], 350],
  // Crystals
  ['ABM8-16.000MHZ-B2-T', 'Abracon', 'Crystals', 'SMD 3.2x2.5', 'Crystal 16MHz 18pF ±20ppm 3.2x2.5mm', crystal('16MHz'), 25],
  ['X322516MLB4SI', 'Yangxing Tech', 'Crystals', 'SMD 3.2x2.5', 'Crystal 16MHz 20pF ±10ppm 3.2x2.5mm', crystal('16MHz'), 6],
  ['ABLS-16.000MHZ-B4-T', 'Abracon', 'Crystals', 'HC-49/US SMD', 'Crystal 16MHz 18pF ±30ppm HC-49/US SMD', crystal('16MHz'), 20],
  ['ABM8-8.000MHZ-B2-T', 'Abracon', 'Crystals', 'SMD 3.2x2.5', 'Crystal 8MHz 18pF ±20ppm 3.2x2.5mm', crystal('8MHz'), 25],
  ['ABM8-12.000MHZ-B2-T', 'Abracon', 'Crystals', 'SMD 3.2x2.5', 'Crystal 12MHz 18pF ±20ppm 3.2x2.5mm', crystal('12MHz'), 25],
  ['ABS07-32.768KHZ-T', 'Abracon', 'Crystals', 'SMD 3.2x1.5', 'Crystal 32.768kHz 12.5pF ±20ppm 3.2x1.5mm', crystal('32.768kHz'), 30],
  // Transistors
  ['BSS138', 'onsemi', TAB.transistors, 'SOT-23', 'BSS138 N-channel MOSFET 50V 220mA SOT-23', mosfet('N-channel MOSFET', 50, '220mA'), 3],
  ['BSS138LT1G', 'onsemi', TAB.transistors, 'SOT-23', 'BSS138 N-channel MOSFET 50V 200mA SOT-23', mosfet('N-channel MOSFET', 50, '200mA'), 3],
  ['2N7002', 'onsemi', TAB.transistors, 'SOT-23', '2N7002 N-channel MOSFET 60V 115mA SOT-23', mosfet('N-channel MOSFET', 60, '115mA'), 2],
  ['2N7002,215', 'Nexperia', TAB.transistors, 'SOT-23', '2N7002 N-channel MOSFET 60V 300mA SOT-23', mosfet('N-channel MOSFET', 60, '300mA'), 2],
  ['AO3400A', 'Alpha & Omega Semiconductor', TAB.transistors, 'SOT-23', 'AO3400A N-channel MOSFET 30V 5.7A SOT-23', mosfet('N-channel MOSFET', 30, '5.7A'), 3],
  ['AO3401A', 'Alpha & Omega Semiconductor', TAB.transistors, 'SOT-23', 'AO3401A P-channel MOSFET 30V 4A SOT-23', mosfet('P-channel MOSFET', 30, '4A'), 3],
  ['SI2302CDS-T1-GE3', 'Vishay', TAB.transistors, 'SOT-23', 'Si2302CDS N-channel MOSFET 20V 2.9A SOT-23', mosfet('N-channel MOSFET', 20, '2.9A'), 8],
  ['IRLZ44NPBF', 'Infineon', TAB.transistors, 'TO-220', 'IRLZ44N logic-level N-channel MOSFET 55V 47A TO-220', mosfet('N-channel MOSFET', 55, '47A'), 90, 'THT'],
  ['MMBT3904LT1G', 'onsemi', TAB.transistors, 'SOT-23', 'MMBT3904 NPN transistor 40V 200mA SOT-23', bjt('NPN', 40, '200mA'), 2],
  ['MMBT3906LT1G', 'onsemi', TAB.transistors, 'SOT-23', 'MMBT3906 PNP transistor 40V 200mA SOT-23', bjt('PNP', 40, '200mA'), 2],
  ['2N3904BU', 'onsemi', TAB.transistors, 'TO-92', '2N3904 NPN transistor 40V 200mA TO-92', bjt('NPN', 40, '200mA'), 4, 'THT'],
  ['BC847B,215', 'Nexperia', TAB.transistors, 'SOT-23', 'BC847B NPN transistor 45V 100mA SOT-23', bjt('NPN', 45, '100mA'), 2],
  // Diodes and LEDs
  ['1N4148W-7-F', 'Diodes Incorporated', TAB.diodes, 'SOD-123', '1N4148W switching diode 100V 300mA SOD-123', diode('Switching', '100V', '300mA'), 2],
  ['1N4007', 'onsemi', TAB.diodes, 'DO-41', '1N4007 rectifier diode 1000V 1A DO-41', diode('Rectifier', '1000V', '1A'), 3, 'THT'],
  ['SS14', 'onsemi', TAB.diodes, 'SMA', 'SS14 Schottky diode 40V 1A SMA', diode('Schottky', '40V', '1A'), 4],
  ['SS34', 'onsemi', TAB.diodes, 'SMA', 'SS34 Schottky diode 40V 3A SMA', diode('Schottky', '40V', '3A'), 6],
  ['B5819W', 'Diodes Incorporated', TAB.diodes, 'SOD-123', 'B5819W Schottky diode 40V 1A SOD-123', diode('Schottky', '40V', '1A'), 3],
  ['BAT54S', 'Nexperia', TAB.diodes, 'SOT-23', 'BAT54S dual Schottky diode 30V 200mA SOT-23', diode('Schottky', '30V', '200mA'), 3],
  ['SMBJ5.0A', 'Littelfuse', TAB.diodes, 'SMB', 'SMBJ5.0A TVS diode 5V 600W SMB', diode('TVS', '5V', '65A'), 12],
  ['USBLC6-2SC6', 'STMicroelectronics', TAB.diodes, 'SOT-23-6', 'USBLC6-2 ESD protection for USB SOT-23-6', diode('TVS', '5.25V', '5A'), 20],
  ['LTST-C191KRKT', 'Lite-On', TAB.diodes, '0603', 'LED red 631nm 0603', diode('LED', '5V', '20mA'), 4],
  // Regulators
  ['AMS1117-3.3', 'Advanced Monolithic Systems', TAB.regulators, 'SOT-223', 'AMS1117-3.3 LDO 3.3V 1A SOT-223', regulator('LDO', '3.3V', '1A', '4.75V~15V'), 6],
  ['AMS1117-5.0', 'Advanced Monolithic Systems', TAB.regulators, 'SOT-223', 'AMS1117-5.0 LDO 5V 1A SOT-223', regulator('LDO', '5V', '1A', '6.5V~15V'), 6],
  ['AMS1117-1.8', 'Advanced Monolithic Systems', TAB.regulators, 'SOT-223', 'AMS1117-1.8 LDO 1.8V 1A SOT-223', regulator('LDO', '1.8V', '1A', '3.3V~15V'), 6],
  ['AP2112K-3.3TRG1', 'Diodes Incorporated', TAB.regulators, 'SOT-23-5', 'AP2112K-3.3 LDO 3.3V 600mA SOT-23-5', regulator('LDO', '3.3V', '600mA', '2.5V~6V'), 9],
  ['XC6206P332MR', 'Torex Semiconductor', TAB.regulators, 'SOT-23', 'XC6206 LDO 3.3V 200mA SOT-23', regulator('LDO', '3.3V', '200mA', '1.8V~6V'), 3],
  ['ME6211C33M5G-N', 'Microne', TAB.regulators, 'SOT-23-5', 'ME6211 LDO 3.3V 500mA SOT-23-5', regulator('LDO', '3.3V', '500mA', '2V~6V'), 4],
  ['MCP1700T-3302E/TT', 'Microchip Technology', TAB.regulators, 'SOT-23', 'MCP1700 LDO 3.3V 250mA SOT-23', regulator('LDO', '3.3V', '250mA', '2.3V~6V'), 25],
  ['L7805CV', 'STMicroelectronics', TAB.regulators, 'TO-220', 'L7805 linear regulator 5V 1.5A TO-220', regulator('LDO', '5V', '1.5A', '7V~35V'), 25, 'THT'],
  ['LM317T', 'Texas Instruments', TAB.regulators, 'TO-220', 'LM317 adjustable linear regulator 1.25-37V 1.5A TO-220', regulator('LDO', '1.25V~37V', '1.5A', '3V~40V'), 40, 'THT'],
  ['MP1584EN-LF-Z', 'Monolithic Power Systems', TAB.regulators, 'SOP-8', 'MP1584 buck converter 3A 28V SOIC-8EP', regulator('Buck', '0.8V~25V', '3A', '4.5V~28V'), 70],
  ['TPS563200DDCR', 'Texas Instruments', TAB.regulators, 'SOT-23-6', 'TPS563200 buck converter 3A 17V SOT-23-6', regulator('Buck', '0.76V~7V', '3A', '4.5V~17V'), 45],
  ['LM2596S-5.0', 'Texas Instruments', TAB.regulators, 'TO-263-5', 'LM2596 buck converter 5V 3A TO-263-5', regulator('Buck', '5V', '3A', '4.5V~40V'), 150],
  // Connectors
  ['10118194-0001LF', 'Amphenol', TAB.connectors, 'Micro-USB 5P', 'Micro-USB B receptacle 5 positions', connector('Micro-USB', 5, 0.65), 30],
  ['B2B-PH-K-S(LF)(SN)', 'JST', TAB.connectors, 'JST PH 2P THT', 'JST PH header 2 positions 2mm vertical', connector('Wire-to-board', 2, 2), 8, 'THT'],
  ['S2B-PH-K-S(LF)(SN)', 'JST', TAB.connectors, 'JST PH 2P THT', 'JST PH header 2 positions 2mm right angle', connector('Wire-to-board', 2, 2), 9, 'THT'],
  ['SM04B-SRSS-TB(LF)(SN)', 'JST', TAB.connectors, 'JST SH 4P SMD', 'JST SH header 4 positions 1mm SMD (Qwiic)', connector('Wire-to-board', 4, 1), 25],
  ['61300411121', 'Würth Elektronik', TAB.connectors, 'Pin header 1x4', 'Pin header 1x4 2.54mm vertical', connector('Pin header', 4, 2.54), 12, 'THT'],
];

/** The common real parts, as drafts of the demo catalogue (stock and prices added there). */
export function commonParts(): CommonDraft[] {
  return ROWS.map(
    ([partNumber, manufacturer, category, packageName, description, specs, priceCents, mount]) => ({
      source: `demo:${partNumber}`,
      name: description.split(' ').slice(0, 6).join(' '),
      partNumber,
      manufacturer,
      category,
      packageName,
      mountType: mount ?? 'SMD',
      description,
      specs,
      basePriceMinor: priceCents,
    }),
  );
}
