import { Modal, type ModalRootProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FormEvent, ReactNode } from 'react';
import classes from './app-modal.module.css';

interface AppModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: ModalRootProps['size'];
  /** Centred on the screen rather than near the top. */
  centered?: boolean;
  children: ReactNode;
}

/**
 * React passes events up through portals, so a form's submit in a dialog opened inside another
 * form would also submit that outer form (a health profile saved during checkout paid for it).
 * A dialog's own forms end at the dialog.
 */
const endAtDialog = (event: FormEvent) => event.stopPropagation();

/**
 * A dialog in the house style: full screen on phones, a labelled close button, and a header
 * that is not announced as a second page banner beside the site header.
 */
export function AppModal({ opened, onClose, title, size = 'lg', centered = false, children }: AppModalProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size={size}
      centered={centered}
      fullScreen={phone}
      radius={phone ? 0 : 'lg'}
      padding="lg"
    >
      <Modal.Overlay />
      <Modal.Content onSubmit={endAtDialog} onReset={endAtDialog}>
        <Modal.Header role="none">
          <Modal.Title className={classes.title}>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
