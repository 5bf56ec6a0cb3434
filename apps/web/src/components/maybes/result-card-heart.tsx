import type { SearchResult } from '@campwise/contract/search';
import { ActionIcon } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../app/session.ts';
import { SESSIONS_ANCHOR } from '../sessions/public-sessions-list.tsx';
import { chooseSessionToSaveLabel } from './maybe-text.ts';
import { heartLook, SaveMaybeButton } from './save-maybe-button.tsx';

/**
 * The heart on a search result. When one session matched the search it saves that session as a
 * maybe, as on the camp's page; when several did, it takes the parent to the camp's sessions to
 * pick one. A guest logs in and comes back to these results; hosts and administrators see none.
 */
export function ResultCardHeart({ result }: { result: SearchResult }) {
  const session = useSession();
  const location = useLocation();
  const matching = result.matchingSession;
  if (!matching || (session && session.userType !== 'camper')) return null;
  if (matching.count > 1) {
    return (
      <ActionIcon
        component={Link}
        to={`/camps/${result.id}#${SESSIONS_ANCHOR}`}
        aria-label={chooseSessionToSaveLabel(result.name)}
        {...heartLook(false)}
      />
    );
  }
  return (
    <SaveMaybeButton
      campId={result.id}
      sessionId={matching.id}
      name={matching.name}
      returnTo={`${location.pathname}${location.search}`}
    />
  );
}
