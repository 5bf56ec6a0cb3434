import { notifications } from '@mantine/notifications';
import { useCreateChild } from '../../api/children.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { ChildForm, useChildForm } from '../../components/children/child-form.tsx';

/** '+ New Camper' (docs/product-spec.md, section 4): on success the form is reset, the dialog closes and the list reloads. */
export function NewCamperModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateChild();
  const form = useChildForm();

  const close = () => {
    if (!create.isPending) onClose();
  };

  return (
    <AppModal opened={opened} onClose={close} title="New Camper">
      <ChildForm
        form={form}
        submitLabel="Add Camper"
        saving={create.isPending}
        onCancel={close}
        onSubmit={async (values) => {
          const child = await create.mutateAsync(values);
          notifications.show({
            color: 'leaf',
            title: 'Camper added',
            message: `${child.firstName} ${child.lastName} is on your campers list.`,
          });
          form.reset();
          onClose();
        }}
      />
    </AppModal>
  );
}
