import {
  AspectRatio,
  Box,
  Button,
  Center,
  Container,
  Loader,
  type MantineSpacing,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageFrame } from './page-frame.tsx';
import { Split, SplitColumn } from './split.tsx';

/**
 * A page for something that does not exist (or is someone else's), with the way back. The
 * compass is the drawing of "not found" and of nothing else.
 */
export function ResourceNotFound({
  title,
  text,
  backTo,
  backLabel,
}: {
  title: string;
  text: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <PageFrame
      title={title}
      description={text}
      illustration="compass"
      actions={
        <Button component={Link} to={backTo}>
          {backLabel}
        </Button>
      }
    />
  );
}

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
 * Placeholders in the shape of what is loading: marked busy, with what is loading said once to
 * screen readers. With a `gap` they stack; without one they sit as written, their own margins
 * apart.
 */
export function LoadingSkeleton({
  label,
  gap,
  children,
}: {
  label: string;
  gap?: MantineSpacing;
  children: ReactNode;
}) {
  const said = <VisuallyHidden role="status">{label}</VisuallyHidden>;
  if (gap === undefined) {
    return (
      <Box aria-busy="true">
        {said}
        {children}
      </Box>
    );
  }
  return (
    <Stack gap={gap} aria-busy="true">
      {said}
      {children}
    </Stack>
  );
}

/** The head of a page frame while the page loads: the back link and the title. */
export function FrameHeadSkeleton({ withParent = true }: { withParent?: boolean }) {
  return (
    <Stack gap="xs" mb="lg">
      {withParent ? <Skeleton height={14} width={140} /> : null}
      <Skeleton height={32} width="45%" />
    </Stack>
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
      <FrameHeadSkeleton />
      <Split>
        <SplitColumn span={5}>
          <AspectRatio ratio={4 / 3}>
            <Skeleton radius="lg" />
          </AspectRatio>
        </SplitColumn>
        <SplitColumn span={7}>
          <Stack gap="md">
            <Skeleton height={16} width="50%" />
            <Skeleton height={16} width="60%" />
            <Skeleton height={16} width="40%" />
            <Skeleton height={80} />
          </Stack>
        </SplitColumn>
      </Split>
    </Container>
  );
}
