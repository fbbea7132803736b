import type { Package } from '@circuits/contracts';
import { Stack, Text } from '@mantine/core';

/**
 * A package's body outline drawn to scale: `scaleMmPx` pixels per millimetre when given (so
 * several packages compare by size), or fitted into `size` pixels.
 */
export function PackageOutline({
  pkg,
  size,
  scaleMmPx,
}: {
  pkg: Pick<Package, 'pkgName' | 'minX' | 'maxX' | 'minY' | 'maxY' | 'mountType' | 'numOfPins'>;
  size: number;
  scaleMmPx?: number;
}) {
  const widthMm = pkg.maxX - pkg.minX;
  const heightMm = pkg.maxY - pkg.minY;
  if (widthMm <= 0 || heightMm <= 0) {
    return (
      <Text size="xs" c="dimmed" ta="center">
        No outline recorded
      </Text>
    );
  }
  const scale = scaleMmPx ?? (size * 0.8) / Math.max(widthMm, heightMm);
  const w = widthMm * scale;
  const h = heightMm * scale;
  const viewW = Math.max(size, w + 8);
  const viewH = Math.max(size * 0.6, h + 8);
  const x = (viewW - w) / 2;
  const y = (viewH - h) / 2;
  return (
    <Stack gap={2} align="center">
      <svg
        viewBox={`0 0 ${viewW} ${viewH}`}
        width="100%"
        style={{ maxWidth: viewW }}
        role="img"
        aria-label={`${pkg.pkgName} body ${widthMm.toFixed(2)} × ${heightMm.toFixed(2)} mm`}
      >
        <rect
          x={x}
          y={y}
          width={w}
          height={h}
          rx={Math.min(w, h) * 0.08}
          fill="#2b2d31"
          stroke="#868e96"
        />
        {pkg.mountType === 'SMD' && pkg.numOfPins === 2 ? (
          <>
            <rect x={x} y={y} width={w * 0.18} height={h} fill="#c0a062" />
            <rect x={x + w * 0.82} y={y} width={w * 0.18} height={h} fill="#c0a062" />
          </>
        ) : null}
        <circle
          cx={x + Math.min(w, h) * 0.15}
          cy={y + Math.min(w, h) * 0.15}
          r={Math.max(1.5, Math.min(w, h) * 0.05)}
          fill="#dee2e6"
        />
      </svg>
      <Text size="xs" c="dimmed">
        {widthMm.toFixed(2)} × {heightMm.toFixed(2)} mm
      </Text>
    </Stack>
  );
}
