import { Anchor, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import {
  parseStoredFilters,
  type SearchFilters,
} from '../../features/parts/components/part-search-filters.ts';
import { PartsSearch } from '../../features/parts/components/parts-search.tsx';
import { useUserPreference } from '../../hooks/use-user-preference.ts';

export function PartsSearchView() {
  const user = useCurrentUser();
  // SPEC §9: the part search filters are remembered per user in browser storage.
  const [filters, setFilters] = useUserPreference<SearchFilters>(
    user.data?.id,
    'partSearchFilters',
    parseStoredFilters,
  );
  return (
    <Container size="xl" py="xl">
      <PageHeader
        title="Parts search"
        description="Search the catalogue by category, value and package: type values as you write them (4k7 0603 1%, 100n 50V X7R) or part numbers with or without dashes."
        actions={
          <Group gap="md">
            <Anchor component={Link} to="/parts" size="sm">
              Catalogue
            </Anchor>
            <Anchor component={Link} to="/packages" size="sm">
              Packages
            </Anchor>
            <Anchor component={Link} to="/manufacturers" size="sm">
              Manufacturers
            </Anchor>
          </Group>
        }
      />
      <PartsSearch filters={filters} onChange={setFilters} />
    </Container>
  );
}
