import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alert, Button, Checkbox, Field, Icon, SelectField, Spinner, Switch, TextAreaField } from '../../ui';

/** Fields, checkbox, switch, buttons, spinner and notices in their normal and error states. */
function Controls({ errors }: { errors: boolean }) {
  return (
    <div style={{ padding: 32, maxWidth: 420 }} className="t-root">
      <Alert type={errors ? 'error' : 'info'}>{errors ? 'Invalid username or password.' : 'Log in or sign up to claim your offer.'}</Alert>
      <Field label="Display name" placeholder="Your name" error={errors ? ['Display name is required.'] : undefined} />
      <SelectField
        label="Role"
        options={[
          { value: 1, label: 'Facilitator' },
          { value: 100, label: 'Others' },
        ]}
        defaultValue={100}
        hint="What best describes your work?"
      />
      <TextAreaField label="Description" error={errors ? 'Description is required.' : undefined} />
      <Checkbox label="I agree to the Terms of Service" error={errors ? ['You must accept the terms.'] : undefined} />
      <div style={{ marginBottom: 16 }}>
        <Switch label="Change Password" />
      </div>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button>Save</Button>
        <Button variant="secondary">Close</Button>
        <Button variant="danger">Delete</Button>
        <Button variant="ghost" icon={<Icon name="trash" size={16} />}>
          Remove
        </Button>
        <Button busy>Saving</Button>
        <Spinner label="Loading" />
      </div>
    </div>
  );
}

const meta = {
  title: 'UI/Controls',
  component: Controls,
} satisfies Meta<typeof Controls>;
export default meta;

export const Default: StoryObj<typeof meta> = { args: { errors: false } };
export const WithErrors: StoryObj<typeof meta> = { args: { errors: true } };
