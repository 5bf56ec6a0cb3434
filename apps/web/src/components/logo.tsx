import { Group, Text } from '@mantine/core';

/** The Campwise mark: a tent under the sun, and the word. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill={inverted ? '#fffaf2' : '#2b7a52'} />
        <path d="M12 46 32 14l20 32z" fill={inverted ? '#2b7a52' : '#fffaf2'} />
        <path d="M32 14 26 46h12z" fill="#f08c00" />
        <circle cx="48" cy="16" r="5" fill="#ffd43b" />
      </svg>
      <Text
        component="span"
        fw={800}
        fz={22}
        ff="heading"
        c={inverted ? 'white' : 'leaf.8'}
        style={{ letterSpacing: '-0.01em' }}
      >
        Campwise
      </Text>
    </Group>
  );
}
