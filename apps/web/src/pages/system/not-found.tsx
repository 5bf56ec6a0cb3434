import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { PageFrame } from '../../components/page/page-frame.tsx';

export default function NotFound() {
  return (
    <PageFrame
      title="Page not found"
      description="We looked everywhere, from the cabins to the canoe dock, but this page isn’t here. It may have moved, or the link may be mistyped."
      illustration="compass"
      actions={
        <>
          <Button component={Link} to="/">
            Go to the home page
          </Button>
          <Button component={Link} to="/search" variant="light">
            Search camps
          </Button>
        </>
      }
    />
  );
}
