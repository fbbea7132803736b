import { Group, Text } from '@mantine/core';

/** The Circuits mark: a chip on a board, in the brand colour. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="7" fill="var(--mantine-color-brand-8)" />
      <rect x="9" y="9" width="14" height="14" rx="2" fill="#fff" />
      <g stroke="#fff" strokeWidth="2" strokeLinecap="round">
        <path d="M12 9V5M16 9V5M20 9V5M12 27v-4M16 27v-4M20 27v-4" />
        <path d="M9 12H5M9 16H5M9 20H5M27 12h-4M27 16h-4M27 20h-4" />
      </g>
      <circle cx="16" cy="16" r="2.5" fill="var(--mantine-color-brand-8)" />
    </svg>
  );
}

export function BrandLogo() {
  return (
    <Group gap={8} wrap="nowrap">
      <BrandMark />
      <Text fw={750} fz={20} lts={-0.3} c="var(--mantine-color-text)">
        Circuits
      </Text>
    </Group>
  );
}
