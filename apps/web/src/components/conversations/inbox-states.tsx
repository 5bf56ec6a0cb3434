import { Card, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Illustration } from '../illustration.tsx';

export function InboxSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-busy="true">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Skeleton height={84} radius="lg" />
      <Skeleton height={84} radius="lg" />
      <Skeleton height={84} radius="lg" />
    </Stack>
  );
}

export function EmptyInbox({ title, text }: { title: string; text: string }) {
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="sm" py="md">
        <Illustration name="mailbox" width={200} height={150} />
        <Title order={3} fz="h4">
          {title}
        </Title>
        <Text c="gray.7" maw={460}>
          {text}
        </Text>
      </Stack>
    </Card>
  );
}
