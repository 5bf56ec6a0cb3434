import type { CampDetail } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useDeleteCamp } from '../../api/camps.ts';
import { DeleteSection } from '../page/edit-page-frame.tsx';

/** Edit camp's last section: delete the camp, once asked and confirmed. */
export function DeleteCamp({ camp }: { camp: CampDetail }) {
  const navigate = useNavigate();
  const remove = useDeleteCamp(camp);
  return (
    <DeleteSection
      title="Delete camp"
      description="Deleting removes the camp and its photos."
      buttonLabel="Delete Camp"
      confirmLabel="Delete Camp"
      question={messages.deleteCampConfirm}
      consequence={`${camp.name} and its photos will be removed. This cannot be undone.`}
      remove={remove}
      onDeleted={() => {
        notifications.show({ color: 'leaf', message: `${camp.name} was deleted.` });
        navigate(`/host/org/${camp.orgId}/camps`, { replace: true });
      }}
    />
  );
}
