import { ApiError } from '../../api/client.ts';
import { PageFrame } from '../page/page-frame.tsx';
import { LoadError, ResourceNotFound } from '../page/page-state.tsx';

/** An organization that does not exist or belongs to someone else. */
export function OrgNotFound(wayBack: { backTo: string; backLabel: string }) {
  return (
    <ResourceNotFound
      title="Organization not found"
      text="We could not find that organization. It may have been deleted, or the link may be mistyped."
      {...wayBack}
    />
  );
}

/** Not found for a 404 or a malformed id, otherwise a failure with a retry. */
export function OrgLoadFailure({
  error,
  onRetry,
  backTo,
  backLabel,
}: {
  error: Error | null;
  onRetry: () => void;
  backTo: string;
  backLabel: string;
}) {
  if (!error || (error instanceof ApiError && error.status === 404)) {
    return <OrgNotFound backTo={backTo} backLabel={backLabel} />;
  }
  return (
    <PageFrame title="Organization" parent={{ to: backTo, label: backLabel }}>
      <LoadError message="We could not load this organization." onRetry={onRetry} />
    </PageFrame>
  );
}
