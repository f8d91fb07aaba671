import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, confirm, ConfirmDialog, Field, Modal } from '../../ui';

/** A modal (600 px, centred, header, footer, close button, Escape) opened by a button. */
function ModalDemo({ startOpen = true, width }: { startOpen?: boolean; width?: number }) {
  const [open, setOpen] = useState(startOpen);
  return (
    <div style={{ padding: 24 }}>
      <Button onClick={() => setOpen(true)}>Open dialog</Button>
      <Modal
        open={open}
        title="Duplicate board"
        width={width}
        onClose={() => setOpen(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button onClick={() => setOpen(false)}>Duplicate</Button>
          </>
        }
      >
        <Field label="Name" defaultValue="Retro board (copy)" />
      </Modal>
    </div>
  );
}

const meta = {
  title: 'UI/Dialogs',
  component: ModalDemo,
} satisfies Meta<typeof ModalDemo>;
export default meta;

export const ModalDialog: StoryObj<typeof meta> = { args: { startOpen: true } };

export const NarrowModal: StoryObj<typeof meta> = { args: { startOpen: true, width: 350 } };

/** The default confirm: 'Are you sure?' with 'Confirm' and 'Close'. */
export const Confirm: StoryObj<typeof ConfirmDialog> = {
  render: (args) => <ConfirmDialog {...args} />,
  args: { open: true, onConfirm: () => undefined, onClose: () => undefined },
};

/** Texts replaced, as the board list's delete dialog does. */
export const ConfirmDelete: StoryObj<typeof ConfirmDialog> = {
  render: (args) => <ConfirmDialog {...args} />,
  args: {
    open: true,
    danger: true,
    message: 'Your board will delete permanently, Are you sure?',
    confirmText: 'Yes',
    closeText: 'No',
    onConfirm: () => undefined,
    onClose: () => undefined,
  },
};

/** confirm() as a promise: the answer is printed under the button. */
function AskDemo() {
  const [answer, setAnswer] = useState('no answer yet');
  return (
    <div style={{ padding: 24 }}>
      <Button onClick={async () => setAnswer((await confirm({ message: 'Leave this workspace?' })) ? 'confirmed' : 'closed')}>
        Leave workspace
      </Button>
      <p>Answer: {answer}</p>
    </div>
  );
}

export const ConfirmPromise: StoryObj = { render: () => <AskDemo /> };
