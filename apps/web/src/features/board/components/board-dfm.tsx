import type { BoardFile, DfmFinding, ProductPage } from '@circuits/contracts';
import { boardFileSide } from '@circuits/domain';
import { Card } from '@mantine/core';
import { type DfmMarker, markerOf } from '../lib/dfm-marker.ts';
import { DfmFindings, findingValue } from './dfm-findings.tsx';

/** The names of the board's bottom-side files: findings on them are seen from the bottom. */
export function bottomLayerNames(boardFiles: readonly BoardFile[]): Set<string> {
  return new Set(
    boardFiles
      .filter((file) => boardFileSide(file.file_type) === 'bottom')
      .map((file) => file.file.name),
  );
}

/** The marker of a picked finding, for the viewer. */
export function findingMarker(
  finding: DfmFinding | null,
  boardFiles: readonly BoardFile[],
): DfmMarker | null {
  if (!finding) return null;
  return markerOf(finding, findingValue(finding), bottomLayerNames(boardFiles));
}

/** The manufacturing check card of the Board tab and the board page. */
export function BoardDfmCard({
  page,
  picked,
  onPick,
}: {
  page: ProductPage;
  picked: DfmFinding | null;
  onPick: (finding: DfmFinding) => void;
}) {
  const version = `${page.boardAnalysis?.analysedAt ?? 'none'} ${JSON.stringify(page.settings ?? {})}`;
  return (
    <Card padding="lg" component="section">
      <DfmFindings
        productId={page.product.id}
        version={version}
        hasBoard={page.boardFiles.length > 0}
        onPick={onPick}
        picked={picked}
      />
    </Card>
  );
}
