import { useEffect } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, MESSAGES, toast, type ToastOptions } from '../../ui';

interface DemoProps {
  /** toasts shown when the story opens */
  initial: Array<{ text: string } & ToastOptions>;
}

/** Shows the given toasts, and offers buttons to raise more. */
function ToastDemo({ initial }: DemoProps) {
  useEffect(() => {
    initial.forEach(({ text, ...options }) => toast.show(text, options));
    return () => toast.clear();
  }, [initial]);
  return (
    <div style={{ padding: 24, display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      <Button onClick={() => toast.success(MESSAGES.saved)}>Success</Button>
      <Button variant="danger" onClick={() => toast.error(MESSAGES.noResponse)}>
        Error
      </Button>
      <Button variant="secondary" onClick={() => toast.warning('Your session is about to expire.')}>
        Warning
      </Button>
      <Button variant="secondary" onClick={() => toast.info(`Info at ${new Date().toLocaleTimeString()}`)}>
        Info
      </Button>
    </div>
  );
}

/** Toasts (panel.md §9): top-right, ≤ 4, 4 s, no duplicates; persistent ones with actions. */
const meta = {
  title: 'UI/Toast',
  component: ToastDemo,
} satisfies Meta<typeof ToastDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Types: Story = {
  args: {
    initial: [
      { text: MESSAGES.saved, type: 'success' },
      { text: MESSAGES.noResponse, type: 'error' },
      { text: 'Your session is about to expire.', type: 'warning' },
      { text: 'A new version is available.', type: 'info' },
    ],
  },
};

export const PersistentWithActions: Story = {
  args: {
    initial: [
      {
        text: 'Changes not saved due to network error.',
        type: 'error',
        persistent: true,
        actions: [
          { label: MESSAGES.reload, onClick: () => undefined },
          { label: MESSAGES.retry, onClick: () => undefined },
        ],
      },
    ],
  },
};

/** Six requests, one a duplicate: only the four newest distinct texts stay. */
export const LimitAndDuplicates: Story = {
  args: {
    initial: [
      { text: 'First', type: 'info' },
      { text: 'Second', type: 'info' },
      { text: 'Second', type: 'info' },
      { text: 'Third', type: 'info' },
      { text: 'Fourth', type: 'info' },
      { text: 'Fifth', type: 'info' },
    ],
  },
};
