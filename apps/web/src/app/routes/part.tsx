import { Anchor, Container } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { LoadErrorBlock, LoadingBlock } from '../../components/load-states.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCurrentUser } from '../../features/auth/api/auth-api.ts';
import { usePart } from '../../features/parts/api/parts-api.ts';
import { PartDetails } from '../../features/parts/components/part-details.tsx';
import { NotFoundView } from './not-found.tsx';
import { parseProductId } from './product-id.ts';

function PartPage({ compact }: { compact: boolean }) {
  const params = useParams();
  const id = parseProductId(params.id);
  const user = useCurrentUser();
  const part = usePart(id ?? 0);
  if (id === null) return <NotFoundView />;
  return (
    <Container size={compact ? 'sm' : 'xl'} py="xl">
      <PageHeader
        title="Part"
        actions={
          <Anchor component={Link} to="/experimental_parts" size="sm">
            Back to the parts search
          </Anchor>
        }
      />
      {part.isPending || user.isPending ? (
        <LoadingBlock label="Loading the part…" />
      ) : part.isError || !user.data ? (
        <LoadErrorBlock what="The part" error={part.error} onRetry={() => part.refetch()} />
      ) : (
        <PartDetails part={part.data} user={user.data} compact={compact} />
      )}
    </Container>
  );
}

export function PartView() {
  return <PartPage compact={false} />;
}

/** /part_old/{id}: the same part in the compact read-only layout. */
export function PartOldView() {
  return <PartPage compact />;
}
