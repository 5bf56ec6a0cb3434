import { type SearchForm, searchFormToParams } from '@campwise/contract/search-form';
import { Button } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session.ts';

export const SAVE_SEARCH_LABEL = 'Save this search';
export const saveSearchIcon = <IconBookmark size={18} aria-hidden />;

// A parent's button and dialog check the search with the shared schema: the validation library
// loads only for them.
const ParentSaveSearch = lazy(() => import('./parent-save-search.tsx'));

/**
 * "Save this search" on the results page: a parent names it in a small dialog and gets a weekly
 * e-mail of new sessions that match; a guest goes to log in and comes back to these results.
 * Hosts and administrators see nothing.
 */
export function SaveSearchButton({ form }: { form: SearchForm }) {
  const session = useSession();
  if (session === null) {
    const here = `/searchresults?${searchFormToParams(form).toString()}`;
    return (
      <Button
        component={Link}
        to={`/camper/login?returnTo=${encodeURIComponent(here)}`}
        variant="light"
        leftSection={saveSearchIcon}
      >
        {SAVE_SEARCH_LABEL}
      </Button>
    );
  }
  if (session.userType !== 'camper') return null;
  return (
    // The same button, disabled, while the dialog's code loads: nothing moves when it comes.
    <Suspense
      fallback={
        <Button variant="light" leftSection={saveSearchIcon} disabled>
          {SAVE_SEARCH_LABEL}
        </Button>
      }
    >
      <ParentSaveSearch form={form} />
    </Suspense>
  );
}
