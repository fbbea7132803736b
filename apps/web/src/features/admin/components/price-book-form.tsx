import type { PriceBookVersion } from '@circuits/contracts';
import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table.tsx';

type Book = PriceBookVersion['book'];
/** Messages of the draft by field path ("layerBands.2.setupFee"). */
export type BookProblems = Record<string, string>;

type SurchargeKey = 'materials' | 'finishings' | 'viaProcesses' | 'maskColors' | 'silkColors';

const SURCHARGES: { key: SurchargeKey; title: string; item: string; missing: string }[] = [
  { key: 'materials', title: 'Materials', item: 'Material', missing: 'not priced' },
  { key: 'finishings', title: 'Finishings', item: 'Finishing', missing: 'not priced' },
  { key: 'viaProcesses', title: 'Via processes', item: 'Via process', missing: 'free' },
  { key: 'maskColors', title: 'Solder mask colours', item: 'Mask colour', missing: 'free' },
  { key: 'silkColors', title: 'Silkscreen colours', item: 'Silk colour', missing: 'free' },
];

/** Cents shown and typed as dollars. */
const dollars = (cents: number) => cents / 100;
const cents = (value: number | string) => Math.round(Number(value) * 100);
const numberOf = (value: number | string) => (value === '' ? 0 : Number(value));

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={4} fz={14}>
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      {children}
    </Stack>
  );
}

function Amount({
  label,
  value,
  onChange,
  error,
  suffix,
  scale = 2,
}: {
  label: string;
  value: number;
  onChange: (value: number | string) => void;
  error: string | undefined;
  suffix?: string;
  scale?: number;
}) {
  return (
    <NumberInput
      aria-label={label}
      size="xs"
      min={0}
      decimalScale={scale}
      suffix={suffix}
      value={value}
      onChange={onChange}
      error={error}
      miw={90}
    />
  );
}

/** A surcharge list (name → fixed fee and percent) with a row to add a name. */
function SurchargeTable({
  book,
  spec,
  problems,
  onChange,
}: {
  book: Book;
  spec: (typeof SURCHARGES)[number];
  problems: BookProblems;
  onChange: (book: Book) => void;
}) {
  const [name, setName] = useState('');
  const entries = Object.entries(book[spec.key]);
  const set = (entryName: string, field: 'fixed' | 'percent', value: number) =>
    onChange({
      ...book,
      [spec.key]: {
        ...book[spec.key],
        [entryName]: { ...book[spec.key][entryName]!, [field]: value },
      },
    });
  const remove = (entryName: string) =>
    onChange({
      ...book,
      [spec.key]: Object.fromEntries(entries.filter(([other]) => other !== entryName)),
    });
  const trimmed = name.trim();
  return (
    <Section
      title={spec.title}
      hint={`Set-up fee once per order line, and percent of the board price. One not listed is ${spec.missing}.`}
    >
      <ScrollTable minWidth={420} verticalSpacing={4} aria-label={`${spec.title} surcharges`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{spec.item}</Table.Th>
            <Table.Th>Set-up fee (USD)</Table.Th>
            <Table.Th>Percent</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map(([entryName, surcharge]) => (
            <Table.Tr key={entryName}>
              <Table.Td>{entryName}</Table.Td>
              <Table.Td>
                <Amount
                  label={`${entryName} set-up fee (USD)`}
                  value={dollars(surcharge.fixed)}
                  onChange={(value) => set(entryName, 'fixed', cents(value))}
                  error={problems[`${spec.key}.${entryName}.fixed`]}
                />
              </Table.Td>
              <Table.Td>
                <Amount
                  label={`${entryName} percent`}
                  value={surcharge.percent}
                  suffix=" %"
                  onChange={(value) => set(entryName, 'percent', numberOf(value))}
                  error={problems[`${spec.key}.${entryName}.percent`]}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${entryName} from ${spec.title.toLowerCase()}`}
                  onClick={() => remove(entryName)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ScrollTable>
      <Group gap="xs" align="flex-end">
        <TextInput
          size="xs"
          label={`Add a ${spec.item.toLowerCase()} by its name on the Board tab`}
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={
            trimmed && Object.hasOwn(book[spec.key], trimmed)
              ? `${spec.title} already list ${trimmed}`
              : undefined
          }
        />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={!trimmed || Object.hasOwn(book[spec.key], trimmed)}
          onClick={() => {
            onChange({
              ...book,
              [spec.key]: { ...book[spec.key], [trimmed]: { fixed: 0, percent: 0 } },
            });
            setName('');
          }}
        >
          Add
        </Button>
      </Group>
    </Section>
  );
}

/**
 * The common parts of a price book draft as a form: currency rates, set-up fees and area prices
 * by layer count, quantity breaks and the surcharges by option. Everything else stays as it is
 * (the JSON view edits all of it).
 */
export function PriceBookForm({
  book,
  problems,
  onChange,
}: {
  book: Book;
  problems: BookProblems;
  onChange: (book: Book) => void;
}) {
  return (
    <Stack gap="lg" aria-label="Price book form">
      <Section title="Currency rates" hint="Units of each currency for one US dollar.">
        <Group gap="sm">
          {(['CAD', 'EUR'] as const).map((code) => (
            <NumberInput
              key={code}
              size="xs"
              label={`${code} per USD`}
              min={0}
              decimalScale={4}
              value={book.rates[code]}
              onChange={(value) =>
                onChange({ ...book, rates: { ...book.rates, [code]: numberOf(value) } })
              }
              error={problems[`rates.${code}`]}
              w={140}
            />
          ))}
        </Group>
      </Section>
      <Section
        title="Set-up fees and area prices"
        hint="By the number of copper layers: a set-up fee once per order line and a price per cm² of board."
      >
        <ScrollTable minWidth={420} verticalSpacing={4} aria-label="Set-up fees by layers">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Layers</Table.Th>
              <Table.Th>Set-up fee (USD)</Table.Th>
              <Table.Th>Cents per cm²</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {book.layerBands.map((band, index) => {
              const set = (change: Partial<typeof band>) =>
                onChange({
                  ...book,
                  layerBands: book.layerBands.map((other, at) =>
                    at === index ? { ...other, ...change } : other,
                  ),
                });
              return (
                <Table.Tr key={band.maxLayers}>
                  <Table.Td>up to {band.maxLayers}</Table.Td>
                  <Table.Td>
                    <Amount
                      label={`Set-up fee up to ${band.maxLayers} layers (USD)`}
                      value={dollars(band.setupFee)}
                      onChange={(value) => set({ setupFee: cents(value) })}
                      error={problems[`layerBands.${index}.setupFee`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Amount
                      label={`Cents per cm² up to ${band.maxLayers} layers`}
                      value={band.perCm2}
                      scale={4}
                      onChange={(value) => set({ perCm2: numberOf(value) })}
                      error={problems[`layerBands.${index}.perCm2`]}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollTable>
      </Section>
      <Section
        title="Quantity breaks"
        hint="Percent off the area price from an order line's total board area (m²); the last break reached applies."
      >
        <ScrollTable minWidth={360} verticalSpacing={4} aria-label="Quantity breaks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>From (m²)</Table.Th>
              <Table.Th>Discount</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {book.quantityBreaks.map((step, index) => {
              const set = (change: Partial<typeof step>) =>
                onChange({
                  ...book,
                  quantityBreaks: book.quantityBreaks.map((other, at) =>
                    at === index ? { ...other, ...change } : other,
                  ),
                });
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their area may change under typing.
                <Table.Tr key={index}>
                  <Table.Td>
                    <Amount
                      label={`Break ${index + 1} from (m²)`}
                      value={step.fromM2}
                      scale={3}
                      onChange={(value) => set({ fromM2: numberOf(value) })}
                      error={problems[`quantityBreaks.${index}.fromM2`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Amount
                      label={`Break ${index + 1} discount`}
                      value={step.discountPercent}
                      suffix=" %"
                      onChange={(value) => set({ discountPercent: numberOf(value) })}
                      error={problems[`quantityBreaks.${index}.discountPercent`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove break ${index + 1}`}
                      onClick={() =>
                        onChange({
                          ...book,
                          quantityBreaks: book.quantityBreaks.filter((_, at) => at !== index),
                        })
                      }
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollTable>
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              const last = book.quantityBreaks.at(-1);
              onChange({
                ...book,
                quantityBreaks: [
                  ...book.quantityBreaks,
                  {
                    fromM2: (last?.fromM2 ?? 0) * 2 || 1,
                    discountPercent: last?.discountPercent ?? 0,
                  },
                ],
              });
            }}
          >
            Add a quantity break
          </Button>
        </Group>
      </Section>
      {SURCHARGES.map((spec) => (
        <SurchargeTable
          key={spec.key}
          book={book}
          spec={spec}
          problems={problems}
          onChange={onChange}
        />
      ))}
    </Stack>
  );
}
