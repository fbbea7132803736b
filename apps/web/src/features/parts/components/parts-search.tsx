// The parts search page: category tabs, the filters (keyword, manufacturer, package, specs) and
// the results; the filters are the caller's (remembered per user by the page).

import {
  Alert,
  Box,
  Button,
  Card,
  Collapse,
  Grid,
  Group,
  Loader,
  MultiSelect,
  ScrollArea,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { LoadErrorBlock } from '../../../components/load-states.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useCategories, usePackages, usePartsSearch, useSpecsOptions } from '../api/parts-api.ts';
import { useTypedFilters } from '../hooks/use-typed-filters.ts';
import {
  ALL_TAB,
  afterTyping,
  catalogueLoadingNote,
  facetLabel,
  resetFilters,
  type SearchFilters,
  searchBody,
  specFilters,
  switchTab,
  TAB_ORDER,
  tabLabel,
} from './part-search-filters.ts';
import { PartResultRow, SortHeader } from './parts-results.tsx';
import { EMPTY_SPEC, SpecFilterInput } from './spec-filter-input.tsx';

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
  const catalogueLoading = pages[0]?.catalogueLoading;

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
            {catalogueLoading ? (
              <Alert color="blue" variant="light" mb="sm" data-testid="catalogue-loading">
                {catalogueLoadingNote(catalogueLoading)}
              </Alert>
            ) : null}
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
                      : rows.map((row) => <PartResultRow key={row.id} row={row} />)}
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
