import { Button } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';

/** "Find a camp": a parent's way from their own lists back to search. */
export function FindCampButton() {
  return (
    <Button component={Link} to="/search" variant="light" leftSection={<IconSearch size={18} aria-hidden />}>
      Find a camp
    </Button>
  );
}
