import {
  AspectRatio,
  Button,
  Center,
  Container,
  Grid,
  Loader,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';

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

/**
 * The shape of a profile (image beside details) while it loads. It fills the screen, so the
 * footer does not show and then jump away when the profile arrives (a layout shift).
 */
export function ProfileSkeleton({ label }: { label: string }) {
  return (
    <Container py="xl" aria-busy="true" mih="100vh">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Skeleton height={14} width={160} mb="lg" />
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <AspectRatio ratio={4 / 3}>
            <Skeleton radius="lg" />
          </AspectRatio>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Skeleton height={32} width="70%" />
            <Skeleton height={16} width="50%" />
            <Skeleton height={16} width="60%" />
            <Skeleton height={16} width="40%" />
            <Skeleton height={80} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
