import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Checkbox, Field, Form, HttpError, MESSAGES, type ErrorEnvelope, useForm } from '../../ui';

/**
 * useForm with a server answer: submitting resolves or rejects with the envelope given in
 * `answer` (as the HTTP layer would), showing how errors land on fields or in a toast.
 */
function EnvelopeForm({ answer }: { answer: { status: number; body: ErrorEnvelope } | 'ok' }) {
  const form = useForm({
    initial: { name: '', terms: false },
    submit: async () => {
      if (answer === 'ok') return { saved: true };
      throw new HttpError(answer.status, answer.body, 'Bad Request');
    },
    successMessage: MESSAGES.saved,
  });
  return (
    <div style={{ padding: 32, maxWidth: 420 }}>
      <Form form={form} aria-label="Example">
        <Field label="Name" {...form.field('name')} />
        <Checkbox label="I accept" {...form.checkbox('terms')} />
        <Button type="submit" busy={form.processing}>
          Save
        </Button>
      </Form>
    </div>
  );
}

const meta = {
  title: 'UI/Form',
  component: EnvelopeForm,
} satisfies Meta<typeof EnvelopeForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Saves: Story = { args: { answer: 'ok' } };

export const FieldErrors: Story = {
  args: {
    answer: { status: 400, body: { message: 'Name is required.', errors: { name: ['Name is required.'], terms: ['You must accept.'] } } },
  },
};

/** '*' errors and errors for fields the form does not show are joined into one toast. */
export const StarErrors: Story = {
  args: {
    answer: {
      status: 400,
      body: { message: 'Invalid Grant', errors: { '*': ['Invalid username or password.'], other: ['Try again later.'] } },
    },
  },
};

/** No errors map: the message is the toast. */
export const MessageOnly: Story = {
  args: { answer: { status: 409, body: { message: 'This name is taken.' } } },
};
