import { Button, Center, Loader, Stack, Text } from '@mantine/core';

/** A friendly failure with a way to try again; used wherever data could not be loaded. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack align="center" gap="sm" py="xl" role="alert">
      <Text c="red.8" ta="center">
        {message}
      </Text>
      <Button variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

export function PageLoader({ label }: { label: string }) {
  return (
    <Center py={80}>
      <Loader aria-label={label} />
    </Center>
  );
}
