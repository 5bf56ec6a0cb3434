import { Button, Text } from '@mantine/core';
import { useRouteError } from 'react-router';
import { PageFrame } from '../components/page/page-frame.tsx';

/** Shown when a screen fails to load or render: a friendly message and a way back. */
export function RouteError() {
  const error = useRouteError();
  const offline = error instanceof TypeError && /fetch|import/i.test(error.message);
  return (
    <PageFrame
      title="Something went wrong"
      description={
        <Text>
          {offline
            ? 'We could not load this page. Check your connection and try again.'
            : 'Sorry, this page ran into a problem. Please try again.'}
        </Text>
      }
      actions={<Button onClick={() => window.location.reload()}>Try again</Button>}
    />
  );
}
