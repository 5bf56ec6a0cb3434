import { Box, Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card grouping part of a form or settings page. */
export function SectionCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="md">
        <Box>
          <Title order={2} fz="h3">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="gray.7" mt={4}>
              {description}
            </Text>
          ) : null}
        </Box>
        {children}
      </Stack>
    </Card>
  );
}
