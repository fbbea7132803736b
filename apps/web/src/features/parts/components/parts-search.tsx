import type { Facets, PartsSearchRow, SpecFilterMode } from '@circuits/contracts';
import {
  Anchor,
  Autocomplete,
  Badge,
  Box,
  Button,
  Card,
  Collapse,
  Grid,
  Group,
  Loader,
  MultiSelect,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconAdjustmentsHorizontal,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconSearch,
} from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { LoadErrorBlock } from '../../../components/load-states.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useCategories, usePackages, usePartsSearch, useSpecsOptions } from '../api/parts-api.ts';
import { useTypedFilters } from '../hooks/use-typed-filters.ts';
import {
  ALL_TAB,
  afterTyping,
  facetLabel,
  nextSort,
  resetFilters,
  type SearchFilters,
  type SortColumn,
  type SpecFilterState,
  searchBody,
  specFilters,
  switchTab,
  TAB_ORDER,
  tabLabel,
} from './part-search-filters.ts';

const MODES: { value: SpecFilterMode; label: string }[] = [
  { value: 'eq', label: '=' },
  { value: 'gte', label: '≥' },
  { value: 'lte', label: '≤' },
  { value: 'range', label: 'from … to' },
];

// What a value of each unit looks like as engineers write it.
const EXAMPLES: Readonly<Record<string, string>> = {
  Ω: '4k7',
  F: '100n',
  H: '10u',
  V: '25V',
  A: '500mA',
  W: '1/4W',
  Hz: '16MHz',
  '%': '1%',
  '°C': '85',
  mm: '2.54',
  B: '65536',
};

const EMPTY_SPEC: SpecFilterState = { mode: 'eq', value: '', to: '', optionIds: [] };

function formatUsd(price: number | null): string {
  if (price === null) return '—';
  return price >= 1
    ? `$${price.toFixed(2)}`
    : `$${price.toFixed(4).replace(/0+$/, '').replace(/\.$/, '.00')}`;
}

function SortHeader({
  label,
  column,
  filters,
  onChange,
}: {
  label: string;
  column: SortColumn;
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
}) {
  const active = filters.sort?.colID === column ? filters.sort.dir : null;
  const Icon = active === 'asc' ? IconArrowUp : active === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th
      aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
    >
      <UnstyledButton
        onClick={() => onChange({ ...filters, sort: nextSort(filters.sort, column) })}
        aria-label={`Sort by ${label.toLowerCase()}`}
      >
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function StockCell({ row }: { row: PartsSearchRow }) {
  const lines = row.locs.map(
    (lot) => `${lot.location} (${lot.lot}): ${lot.available.toLocaleString('en')} available`,
  );
  return (
    <Tooltip
      label={lines.join('\n') || 'No stock'}
      multiline
      w={280}
      style={{ whiteSpace: 'pre-line' }}
    >
      <Stack gap={0} tabIndex={0} aria-label={`Stock: ${lines.join('; ') || 'none'}`}>
        <Text size="sm" fw={600} c={row.qty.available > 0 ? undefined : 'dimmed'}>
          {row.qty.available.toLocaleString('en')}
        </Text>
        <Text size="xs" c="dimmed">
          {row.qty.qty.toLocaleString('en')} qty · {row.qty.reserved.toLocaleString('en')} reserved
          · {row.locs.length} loc.
        </Text>
      </Stack>
    </Tooltip>
  );
}

function SpecFilterInput({
  spec,
  state,
  facets,
  onChange,
}: {
  spec: {
    id: number;
    name: string;
    data_type: 'number' | 'option' | 'text';
    unit: { short: string } | null;
    options: { id: number; value: string }[];
    values: { label: string; count: number }[];
  };
  state: SpecFilterState;
  facets: Facets | undefined;
  onChange: (state: SpecFilterState) => void;
}) {
  if (spec.data_type === 'option') {
    const counts = new Map(
      (facets?.options ?? [])
        .filter((option) => option.specification_id === spec.id)
        .map((option) => [option.option_id, option.count]),
    );
    const complete = !facets?.complete.optionsIncomplete.includes(spec.id);
    return (
      <MultiSelect
        label={spec.name}
        placeholder="Any"
        data={spec.options.map((option) => ({
          value: String(option.id),
          label: facets ? facetLabel(option.value, counts.get(option.id), complete) : option.value,
        }))}
        value={state.optionIds.map(String)}
        onChange={(values) => onChange({ ...state, optionIds: values.map(Number) })}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  const suggestions = spec.values.slice(0, 400).map((value) => value.label);
  const unit = spec.unit?.short ?? '';
  const example = EXAMPLES[unit] ?? 'a value';
  return (
    <Stack gap={4} role="group" aria-label={`${spec.name} filter`}>
      <Text size="sm" fw={500}>
        {spec.name}
        {unit ? ` (${unit})` : ''}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Select
          aria-label={`${spec.name} comparison`}
          data={MODES}
          value={state.mode}
          onChange={(mode) => onChange({ ...state, mode: (mode as SpecFilterMode) ?? 'eq' })}
          allowDeselect={false}
          w={104}
          comboboxProps={{ withinPortal: true }}
        />
        <Autocomplete
          aria-label={state.mode === 'range' ? `${spec.name} from` : `${spec.name} value`}
          placeholder={state.mode === 'range' ? `from, e.g. ${example}` : `e.g. ${example}`}
          data={suggestions}
          value={state.value}
          onChange={(value) => onChange({ ...state, value })}
          limit={30}
          style={{ flex: 1, minWidth: 0 }}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {state.mode === 'range' ? (
        <Autocomplete
          aria-label={`${spec.name} to`}
          placeholder={`to, e.g. ${example}`}
          data={suggestions}
          value={state.to}
          onChange={(to) => onChange({ ...state, to })}
          limit={30}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
    </Stack>
  );
}

export function PartsSearch({
  filters,
  onChange,
}: {
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
}) {
  const categories = useCategories();
  const category = categories.data?.find((entry) => entry.id === filters.tab);
  const specIds = category?.spec_ids ?? [];
  const specs = useSpecsOptions(specIds);
  const packages = usePackages(filters.tab === ALL_TAB ? [] : [filters.tab]);
  // On a phone the filters fold behind a button above the results.
  const phone = useMediaQuery('(max-width: 62em)') ?? false;
  const [filtersOpen, filtersToggle] = useDisclosure(false);

  // Typing waits for a pause before the search runs; switches and pickers apply at once. A new
  // keyword searches every category unless filters narrow it (afterTyping).
  const { typed, setTyped, replace } = useTypedFilters(filters, (next) =>
    onChange(afterTyping(filters, next)),
  );

  const body = useMemo(() => searchBody(filters), [filters]);
  const search = usePartsSearch(body);
  const pages = search.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.data);
  const total = pages[0]?.totalAmount ?? 0;
  const totalCapped = pages[0]?.totalCapped ?? false;
  const facets = pages[0]?.facets;
  const typoTolerant = pages[0]?.typoTolerant ?? false;

  const brandCounts = new Map((facets?.brands ?? []).map((brand) => [brand.id, brand]));
  const packageCounts = new Map((facets?.packages ?? []).map((pkg) => [pkg.id, pkg.count]));
  const tabPackages =
    filters.tab === ALL_TAB
      ? (facets?.packages ?? []).map((pkg) => ({ id: pkg.id, pkgName: pkg.pkgName }))
      : (packages.data?.[0]?.packages ?? []);

  const tabs = TAB_ORDER.map((id) => categories.data?.find((entry) => entry.id === id)).filter(
    (entry) => entry !== undefined,
  );
  // With a keyword the tabs count where its parts are (every filter but the tab applies).
  const keywordSet = filters.keyword.trim() !== '';
  const categoryCounts = new Map((facets?.categories ?? []).map((row) => [row.id, row.count]));
  const categoriesComplete = facets?.complete.categories ?? true;
  const countedAll = [...categoryCounts.values()].reduce((sum, count) => sum + count, 0);
  const label = (name: string, id: number) =>
    keywordSet && facets
      ? tabLabel(name, id === ALL_TAB ? countedAll : categoryCounts.get(id), categoriesComplete)
      : name;
  const elsewhere = keywordSet && filters.tab !== ALL_TAB && total === 0 ? countedAll : 0;
  const narrowing =
    filters.brands.length + filters.packageIds.length + specFilters(filters.specs).length;

  return (
    <Stack gap="md">
      <ScrollArea type="auto" scrollbars="x" offsetScrollbars="x">
        <Tabs
          value={String(filters.tab)}
          onChange={(value) => value && replace(switchTab({ ...filters, ...typed }, Number(value)))}
          aria-label="Part categories"
        >
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            <Tabs.Tab value={String(ALL_TAB)}>{label('All parts', ALL_TAB)}</Tabs.Tab>
            {categories.isPending
              ? TAB_ORDER.map((id) => <Skeleton key={id} h={36} w={110} m={4} />)
              : tabs.map((tab) => (
                  <Tabs.Tab key={tab.id} value={String(tab.id)}>
                    {label(tab.name, tab.id)}
                  </Tabs.Tab>
                ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Card withBorder padding="md" component="section" aria-label="Filters">
            <Stack gap="sm">
              <TextInput
                label="Keyword"
                placeholder="4k7 0603 1%, 100n 50V X7R, part number"
                leftSection={<IconSearch size={16} />}
                value={typed.keyword}
                onChange={(event) => {
                  const keyword = event.currentTarget.value;
                  setTyped((draft) => ({ ...draft, keyword }));
                }}
              />
              {phone ? (
                <Button
                  variant="default"
                  leftSection={<IconAdjustmentsHorizontal size={16} />}
                  onClick={filtersToggle.toggle}
                  aria-expanded={filtersOpen}
                >
                  {filtersOpen ? 'Hide filters' : 'Filters'}
                  {narrowing > 0 ? ` (${narrowing})` : ''}
                </Button>
              ) : null}
              <Collapse expanded={!phone || filtersOpen}>
                <Stack gap="sm">
                  <MultiSelect
                    label="Manufacturer"
                    placeholder="Any"
                    searchable
                    clearable
                    data={[
                      ...new Map(
                        [
                          ...(facets?.brands ?? []),
                          ...filters.brands.map((id) => ({ id, name: `#${id}`, count: 0 })),
                        ].map((brand) => [
                          brand.id,
                          {
                            value: String(brand.id),
                            label: facetLabel(
                              brandCounts.get(brand.id)?.name ?? brand.name,
                              brandCounts.get(brand.id)?.count,
                              facets?.complete.brands ?? true,
                            ),
                          },
                        ]),
                      ).values(),
                    ]}
                    value={filters.brands.map(String)}
                    onChange={(values) => onChange({ ...filters, brands: values.map(Number) })}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <MultiSelect
                    label="Package"
                    placeholder="Any"
                    searchable
                    clearable
                    data={tabPackages.map((pkg) => ({
                      value: String(pkg.id),
                      label: facets
                        ? facetLabel(
                            pkg.pkgName,
                            packageCounts.get(pkg.id),
                            facets.complete.packages,
                          )
                        : pkg.pkgName,
                    }))}
                    value={filters.packageIds.map(String)}
                    onChange={(values) => onChange({ ...filters, packageIds: values.map(Number) })}
                    comboboxProps={{ withinPortal: true }}
                  />
                  {specs.isPending && specIds.length > 0 ? (
                    <Skeleton h={120} />
                  ) : (
                    specIds
                      .map((id) => specs.data?.find((spec) => spec.id === id))
                      .filter((spec) => spec !== undefined)
                      .map((spec) => (
                        <SpecFilterInput
                          key={spec.id}
                          spec={spec}
                          state={typed.specs[spec.id] ?? EMPTY_SPEC}
                          facets={facets}
                          onChange={(state) =>
                            setTyped((draft) => ({
                              ...draft,
                              specs: { ...draft.specs, [spec.id]: state },
                            }))
                          }
                        />
                      ))
                  )}
                  <Switch
                    label="Hide parts with zero quantity"
                    checked={filters.hideZeroQty}
                    onChange={(event) =>
                      onChange({ ...filters, hideZeroQty: event.currentTarget.checked })
                    }
                  />
                  <Switch
                    label="Show unconfirmed parts"
                    checked={filters.isShowUnconfirmed}
                    onChange={(event) =>
                      onChange({ ...filters, isShowUnconfirmed: event.currentTarget.checked })
                    }
                  />
                  <Button variant="default" onClick={() => replace(resetFilters(filters))}>
                    Reset filters
                  </Button>
                </Stack>
              </Collapse>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Card withBorder padding="md" component="section" aria-label="Results">
            <Group justify="space-between" mb="sm" mih={28}>
              <Text size="sm" role="status" aria-live="polite">
                {search.isPending
                  ? 'Searching…'
                  : `${totalCapped ? 'More than ' : ''}${total.toLocaleString('en')} part${total === 1 ? '' : 's'}${typoTolerant ? ' with a similar spelling' : ''}`}
              </Text>
              {search.isFetching && !search.isPending ? (
                <Loader size="xs" aria-label="Updating" />
              ) : null}
            </Group>
            {search.isError && !search.data ? (
              <LoadErrorBlock
                what="The parts"
                error={search.error}
                onRetry={() => search.refetch()}
              />
            ) : (
              <Box style={{ opacity: search.isFetching && !search.isFetchingNextPage ? 0.6 : 1 }}>
                <ScrollTable minWidth={760} striped highlightOnHover verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <SortHeader
                        label="Part number"
                        column="part_number"
                        filters={filters}
                        onChange={onChange}
                      />
                      <SortHeader
                        label="Manufacturer"
                        column="manufacturer"
                        filters={filters}
                        onChange={onChange}
                      />
                      <SortHeader
                        label="Package"
                        column="package"
                        filters={filters}
                        onChange={onChange}
                      />
                      <Table.Th>Specifications</Table.Th>
                      <SortHeader
                        label="Available"
                        column="qty"
                        filters={filters}
                        onChange={onChange}
                      />
                      <SortHeader
                        label="Price"
                        column="price"
                        filters={filters}
                        onChange={onChange}
                      />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {search.isPending
                      ? Array.from({ length: 10 }, (_, index) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
                          <Table.Tr key={index}>
                            <Table.Td colSpan={6}>
                              <Skeleton h={34} />
                            </Table.Td>
                          </Table.Tr>
                        ))
                      : rows.map((row) => (
                          <Table.Tr key={row.id} data-testid="part-row">
                            <Table.Td>
                              <Anchor component={Link} to={`/part/${row.id}`} fw={600} size="sm">
                                {row.part_number}
                              </Anchor>
                              {row.confirmed ? null : (
                                <Badge ml={6} size="xs" color="yellow" variant="light">
                                  Unconfirmed
                                </Badge>
                              )}
                              <Text size="xs" c="dimmed" lineClamp={1} maw={260}>
                                {row.description}
                              </Text>
                              {row.supplier_codes.length > 0 ? (
                                <Text
                                  size="xs"
                                  c="dimmed"
                                  lineClamp={1}
                                  maw={260}
                                  data-testid="part-supplier-codes"
                                >
                                  {row.supplier_codes
                                    .map((code) => `${code.supplier} ${code.sku}`)
                                    .join(' · ')}
                                </Text>
                              ) : null}
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{row.manufacturer?.name ?? '—'}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm">{row.package?.pkgName ?? '—'}</Text>
                            </Table.Td>
                            <Table.Td>
                              <Text size="xs" lineClamp={2} maw={260}>
                                {row.short_specs.map((spec) => spec.value).join(' · ')}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <StockCell row={row} />
                            </Table.Td>
                            <Table.Td>
                              <Text size="sm" fw={600} data-testid="part-price">
                                {formatUsd(row.price)}
                              </Text>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                  </Table.Tbody>
                </ScrollTable>
                {!search.isPending && rows.length === 0 ? (
                  <Stack align="center" py="xl" gap="xs">
                    <Text fw={600}>No parts match these filters</Text>
                    {elsewhere > 0 ? (
                      <Button
                        variant="light"
                        size="xs"
                        onClick={() => replace(switchTab({ ...filters, ...typed }, ALL_TAB))}
                      >
                        {`The keyword finds ${elsewhere.toLocaleString('en')}${categoriesComplete ? '' : '+'} in other categories: show them`}
                      </Button>
                    ) : null}
                    <Text size="sm" c="dimmed">
                      Try fewer filters, another tab or a shorter keyword.
                    </Text>
                    <Button
                      variant="light"
                      size="xs"
                      onClick={() => replace(resetFilters(filters))}
                    >
                      Reset filters
                    </Button>
                  </Stack>
                ) : null}
                {search.hasNextPage ? (
                  <Group justify="center" mt="md">
                    <Button
                      variant="light"
                      loading={search.isFetchingNextPage}
                      onClick={() => search.fetchNextPage()}
                    >
                      Load more ({rows.length.toLocaleString('en')} of{' '}
                      {totalCapped ? 'more than ' : ''}
                      {total.toLocaleString('en')})
                    </Button>
                  </Group>
                ) : null}
              </Box>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
