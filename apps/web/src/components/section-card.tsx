import { Box, Card, Group, type MantineSpacing, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import padding from './page/padding.module.css';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  /** The heading's id: the card is then a page section named by its heading. */
  headingId?: string;
  /** The card's own id, for a link to bring it into view. */
  id?: string;
  /** A button for the whole section (Edit, Add), right of the heading or under it on a phone. */
  action?: ReactNode;
  /** Between the heading and each part of the content. */
  gap?: MantineSpacing;
  children: ReactNode;
}

/**
 * A titled card grouping part of a form, a settings page or a profile: the heading with a line
 * under it, a button for the section beside them, then the content.
 */
export function SectionCard({
  title,
  description,
  headingId,
  id,
  action,
  gap = 'md',
  children,
}: SectionCardProps) {
  const head = (
    <Box style={action ? { flex: '1 1 16rem' } : undefined}>
      <Title order={2} fz="h3" id={headingId}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="gray.7" mt={4}>
          {description}
        </Text>
      ) : null}
    </Box>
  );
  return (
    <Card
      className={padding.card}
      component={headingId ? 'section' : 'div'}
      aria-labelledby={headingId}
      id={id}
    >
      <Stack gap={gap}>
        {action ? (
          <Group justify="space-between" align="flex-start" gap="sm">
            {head}
            {action}
          </Group>
        ) : (
          head
        )}
        {children}
      </Stack>
    </Card>
  );
}
