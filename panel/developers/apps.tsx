import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Checkbox, Field, Form, MESSAGES, Spinner, TextAreaField, useForm, type FieldErrors } from '../../ui';
import { clientsApi, originsFromText, originsToText, type ClientApp } from './api';
import { useDeveloperStyles } from './styles';

interface Values {
  appName: string;
  allowedOrigins: string;
  terms: boolean;
}

export interface AppFormProps {
  /** the app being edited, or null to create one */
  app: ClientApp | null;
  initialErrors?: FieldErrors;
  onSaved?: (app: ClientApp) => void;
}

/** The create-or-edit form: app name, allowed origins, the Developer Terms checkbox (panel.md §5). */
export function AppForm({ app, initialErrors, onSaved }: AppFormProps) {
  const form = useForm<Values, ClientApp>({
    initial: { appName: app?.appName ?? '', allowedOrigins: originsToText(app?.allowedOrigins ?? []), terms: false },
    initialErrors,
    submit: (v) => clientsApi.save({ appName: v.appName, terms: v.terms, allowedOrigins: originsFromText(v.allowedOrigins) }),
    successMessage: app ? MESSAGES.saved : undefined,
    onSuccess: (saved) => onSaved?.(saved),
  });
  return (
    <Form form={form} className="p-form" aria-label={app ? 'Edit application' : 'Create application'}>
      <Field label="App name" autoComplete="off" {...form.field('appName')} />
      <TextAreaField
        label="Allowed origins"
        hint="One origin a line, e.g. https://app.example.com. Leave empty to allow any site to embed your boards."
        rows={3}
        {...form.field('allowedOrigins')}
      />
      <Checkbox
        label={
          <>
            I accept the{' '}
            <a href="/info/developer-terms" target="_blank" rel="noreferrer">
              Developer Terms
            </a>
          </>
        }
        {...form.checkbox('terms')}
      />
      <div className="p-form-actions">
        <Button type="submit" busy={form.processing}>
          {app ? 'Save' : 'Create'}
        </Button>
      </div>
    </Form>
  );
}

/** /panel/apps: the application form; creating shows the secret once on /panel/developers. */
export function AppsPage({ app: given }: { app?: ClientApp | null }) {
  useDeveloperStyles();
  const navigate = useNavigate();
  const [app, setApp] = useState<ClientApp | null | undefined>(given);
  useEffect(() => {
    if (given !== undefined) return;
    let live = true;
    clientsApi
      .list()
      .then((list) => live && setApp(list[0] ?? null))
      .catch(() => live && setApp(null));
    return () => {
      live = false;
    };
  }, [given]);
  if (app === undefined) {
    return (
      <div className="p-loading">
        <Spinner label="Loading" /> Loading…
      </div>
    );
  }
  return (
    <div className="p-card">
      <div className="p-card__body">
        <AppForm app={app} onSaved={(saved) => navigate('/panel/developers', { state: saved.secret ? { created: saved } : null })} />
      </div>
    </div>
  );
}
