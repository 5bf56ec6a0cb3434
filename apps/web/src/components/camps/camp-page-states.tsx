import { ApiError } from '../../api/client.ts';
import { PageFrame } from '../page/page-frame.tsx';
import { LoadError, ResourceNotFound } from '../page/page-state.tsx';

interface WayBack {
  /** Where the not-found page leads: the host's organizations, or search for a visitor. */
  backTo: string;
  backLabel: string;
}

function CampNotFound(wayBack: WayBack) {
  return (
    <ResourceNotFound
      title="Camp not found"
      text="We could not find that camp. It may have been deleted, or the link may be mistyped."
      {...wayBack}
    />
  );
}

/** Not found for a 404 or a malformed id, otherwise a failure with a retry. */
export function CampLoadFailure({
  error,
  onRetry,
  ...wayBack
}: WayBack & { error: Error | null; onRetry: () => void }) {
  if (!error || (error instanceof ApiError && error.status === 404)) return <CampNotFound {...wayBack} />;
  return (
    <PageFrame title="Camp" parent={{ to: wayBack.backTo, label: wayBack.backLabel }}>
      <LoadError message="We could not load this camp." onRetry={onRetry} />
    </PageFrame>
  );
}
