import type { DfmCheckResult, DfmFinding, DfmResult } from '@circuits/contracts';
import {
  Accordion,
  Alert,
  Badge,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCrosshair } from '@tabler/icons-react';
import { LoadErrorBlock } from '../../../components/load-states.tsx';
import { useBoardDfm } from '../api/dfm-api.ts';
import classes from './dfm-findings.module.css';

/** What each check measures, as the list names it. */
export const DFM_CHECK_LABELS: Record<DfmCheckResult['check'], string> = {
  'track-width': 'Track width',
  clearance: 'Clearance between copper',
  'annular-ring': 'Annular ring',
  breakout: 'Holes out of their pads',
  'drill-size': 'Drill size',
  'slot-width': 'Slot width',
  'hole-to-hole': 'Hole to hole',
  'aspect-ratio': 'Aspect ratio',
  'copper-to-edge': 'Copper to board edge',
};

const VERDICTS: Record<NonNullable<DfmResult['verdict']>, { label: string; color: string }> = {
  standard: { label: 'Within the standard class', color: 'teal' },
  advanced: { label: 'Needs the advanced class', color: 'yellow' },
  'cannot-be-made': { label: 'Cannot be made as drawn', color: 'red' },
};

/** "0.09 mm on top.gtl", or "10.7:1" for the aspect ratio. */
export function findingValue(finding: DfmFinding): string {
  const value =
    finding.check === 'aspect-ratio'
      ? `${finding.value.toFixed(1)}:1`
      : finding.check === 'breakout'
        ? (finding.detail ?? 'hole out of its pad')
        : `${Number(finding.value.toFixed(3))} mm`;
  return `${value} · ${finding.layer}`;
}

interface DfmFindingsProps {
  productId: number;
  /** Changes when the board is measured again: the check is asked for anew. */
  version: string;
  /** Whether the board has files to check. */
  hasBoard: boolean;
  /** A finding clicked: the viewer marks and zooms to it. */
  onPick: (finding: DfmFinding) => void;
  picked: DfmFinding | null;
}

/** The board's design-for-manufacture findings, grouped by check with counts (docs/dfm.md). */
export function DfmFindings({ productId, version, hasBoard, onPick, picked }: DfmFindingsProps) {
  const dfm = useBoardDfm(productId, version, hasBoard);
  return (
    <Stack gap="sm" aria-labelledby="dfm-title" component="section">
      <Title order={2} fz={18} id="dfm-title">
        Manufacturing check
      </Title>
      {!hasBoard ? (
        <Text size="sm" c="dimmed">
          The board is checked once it has Gerber and drill files.
        </Text>
      ) : dfm.isPending ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Checking the board…
          </Text>
        </Group>
      ) : dfm.isError ? (
        <LoadErrorBlock
          what="The manufacturing check"
          error={dfm.error}
          onRetry={() => dfm.refetch()}
        />
      ) : (
        <DfmResultView result={dfm.data} onPick={onPick} picked={picked} />
      )}
    </Stack>
  );
}

export function DfmResultView({
  result,
  onPick,
  picked,
}: {
  result: DfmResult;
  onPick: (finding: DfmFinding) => void;
  picked: DfmFinding | null;
}) {
  if (result.status === 'no-board') {
    return (
      <Text size="sm" c="dimmed">
        Nothing to check: the board has no drawn files, or only its outline.
      </Text>
    );
  }
  if (result.status === 'failed' || !result.verdict) {
    return <Alert color="yellow">The board could not be checked.</Alert>;
  }
  const verdict = VERDICTS[result.verdict];
  const failing = result.checks.filter((check) => check.count > 0);
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge color={verdict.color} variant="light" size="lg" tt="none" data-testid="dfm-verdict">
          {verdict.label}
        </Badge>
        <Text size="xs" c="dimmed">
          {result.build.layers} layers, {result.build.copperOz} oz copper,{' '}
          {result.build.thicknessMm} mm
        </Text>
      </Group>
      {result.reasons.length > 0 ? (
        <Stack gap={2}>
          {result.reasons.map((reason) => (
            <Text key={reason.check} size="sm">
              {reason.text}
            </Text>
          ))}
        </Stack>
      ) : null}
      {failing.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="dfm-empty">
          No findings: every track, gap, ring, hole and edge distance is within the standard class.
        </Text>
      ) : (
        <Accordion multiple variant="contained" chevronPosition="left">
          {failing.map((check) => (
            <Accordion.Item key={check.check} value={check.check}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={550}>
                    {DFM_CHECK_LABELS[check.check]}
                  </Text>
                  <Badge variant="default" size="sm" data-testid={`dfm-count-${check.check}`}>
                    {check.count}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={2}>
                  {check.findings.map((finding) => (
                    <UnstyledButton
                      // Findings have no id: their layer, place and value tell them apart.
                      key={`${finding.layer} ${finding.x} ${finding.y} ${finding.value}`}
                      className={classes.finding}
                      data-picked={picked === finding || undefined}
                      onClick={() => onPick(finding)}
                      aria-label={`Show ${DFM_CHECK_LABELS[check.check]} ${findingValue(finding)} on the board`}
                    >
                      <Group gap={6} wrap="nowrap">
                        <IconCrosshair size={14} style={{ flexShrink: 0 }} />
                        <Text size="xs" truncate>
                          {findingValue(finding)}
                        </Text>
                        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                          X {finding.x.toFixed(2)} Y {finding.y.toFixed(2)}
                        </Text>
                      </Group>
                    </UnstyledButton>
                  ))}
                  {check.count > check.findings.length ? (
                    <Text size="xs" c="dimmed">
                      and {check.count - check.findings.length} more like these
                    </Text>
                  ) : null}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {result.notes.length > 0 ? (
        <Text size="xs" c="dimmed">
          {result.notes.join('; ')}
        </Text>
      ) : null}
    </Stack>
  );
}
