import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Illustration, type IllustrationName } from './illustration.tsx';
import classes from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  lead: ReactNode;
  illustration?: IllustrationName;
  /** Buttons or links shown under the lead. */
  children?: ReactNode;
}

/** The top band of a content page: its one h1, a lead sentence and an illustration. */
export function PageHeader({ title, lead, illustration, children }: PageHeaderProps) {
  return (
    <Box className={classes.band}>
      <Container py="xl">
        <Group justify="space-between" align="center" wrap="nowrap" gap="xl" py={{ base: 0, sm: 'md' }}>
          <Stack gap="md" maw={640}>
            <Title order={1}>{title}</Title>
            <Text size="lg" c="gray.8">
              {lead}
            </Text>
            {children}
          </Stack>
          {illustration ? (
            <Box visibleFrom="sm" className={classes.art}>
              <Illustration name={illustration} width={280} height={210} eager />
            </Box>
          ) : null}
        </Group>
      </Container>
    </Box>
  );
}
