import { Card, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card every sign-in style screen sits in. */
export function AuthCard({
  title,
  subtitle,
  caps = false,
  children,
}: {
  title: string;
  subtitle?: string;
  caps?: boolean;
  children: ReactNode;
}) {
  return (
    <Container size={480} py={{ base: 'lg', sm: 56 }} px="md">
      <Card padding="xl">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 30 }} className={caps ? 'cw-caps-heading' : undefined}>
              {title}
            </Title>
            {subtitle ? <Text c="gray.7">{subtitle}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Card>
    </Container>
  );
}
