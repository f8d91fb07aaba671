import { useEffect, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { hasWorkspaceRight, UPLOAD_SIZE_HINT, workspaceConfigOf, type WorkspaceFont } from '../../shared/workspace-roles';
import { Button, confirm, errorText, Field, Form, formatBytes, loadStylesheet, MESSAGES, Switch, toast, useForm } from '../../ui';
import { refreshWorkspaces, workspaceApi, type Workspace, type WorkspaceSettings } from './api';
import { useWorkspace } from './workspace-page';

const settingsOf = (w: Workspace): WorkspaceSettings => {
  const config = workspaceConfigOf(w.config as never);
  return {
    name: w.name,
    darkTheme: config.theme === 'dark',
    maxUploadSize: config.maxUploadSize,
    uploads: config.uploads,
    zoomLimitsMin: config.zoomLimits[0],
    zoomLimitsMax: config.zoomLimits[1],
    fonts: config.fonts,
  };
};

type Values = Omit<WorkspaceSettings, 'maxUploadSize' | 'zoomLimitsMin' | 'zoomLimitsMax'> & {
  maxUploadSize: string;
  zoomLimitsMin: string;
  zoomLimitsMax: string;
};

const valuesOf = (w: Workspace): Values => {
  const s = settingsOf(w);
  return { ...s, maxUploadSize: String(s.maxUploadSize), zoomLimitsMin: String(s.zoomLimitsMin), zoomLimitsMax: String(s.zoomLimitsMax) };
};

/**
 * /panel/workspace/{id}/workspace-setting (panel.md §2, §5, §6): name (Owner, Admin), dark theme,
 * max upload size and whether boards take uploads (docs/assets.md "Upload setting"), zoom limits and fonts (Owner, Admin, ClientAdmin), Save; a font is added at once
 * (the server reads it: 'Font not found: {name}', 'Error fetching font' …) and removed with Save;
 * Delete workspace for Owner or Admin while it has no boards. Members see the settings, read-only.
 */
export function SettingTab() {
  const { workspace, replace } = useWorkspace();
  const navigate = useNavigate();
  const can = (right: Parameters<typeof hasWorkspaceRight>[1]) => hasWorkspaceRight(workspace.role, right);
  const editsAny = can('editName') || can('editTheme') || can('editUploadSize') || can('editZoomLimits') || can('editFonts');
  const form = useForm<Values, Workspace>({
    initial: valuesOf(workspace),
    submit: (v) =>
      workspaceApi.update(workspace.id, {
        ...v,
        maxUploadSize: Number(v.maxUploadSize),
        zoomLimitsMin: Number(v.zoomLimitsMin),
        zoomLimitsMax: Number(v.zoomLimitsMax),
      }),
    successMessage: MESSAGES.saved,
    onSuccess: (saved) => {
      form.reset(valuesOf(saved));
      replace(saved);
    },
  });
  const [font, setFont] = useState('');
  const [adding, setAdding] = useState(false);

  // the fonts show in their own face (their stylesheets are served by the platform)
  useEffect(() => {
    for (const f of form.values.fonts) if (f.src) void loadStylesheet(f.src).catch(() => {});
  }, [form.values.fonts]);

  async function addFont() {
    const text = font.trim();
    if (!text) return;
    setAdding(true);
    try {
      const saved = await workspaceApi.addFont(workspace.id, text);
      setFont('');
      form.setValue('fonts', workspaceConfigOf(saved.config as never).fonts);
      replace(saved);
      toast.success(`Font added: ${saved.config.fonts[saved.config.fonts.length - 1]?.name ?? text}`);
    } catch (error) {
      // 'toast and logged' (panel.md §8)
      console.error('font', text, error);
      toast.error(errorText(error));
    } finally {
      setAdding(false);
    }
  }

  const removeFont = (gone: WorkspaceFont) =>
    form.setValue(
      'fonts',
      form.values.fonts.filter((f) => f !== gone),
    );

  async function deleteWorkspace() {
    const ok = await confirm({
      title: 'Delete workspace',
      message: `Delete the workspace “${workspace.name}”? This cannot be undone.`,
      confirmText: 'Delete',
      danger: true,
    });
    if (!ok) return;
    try {
      await workspaceApi.remove(workspace.id);
      toast.success('Workspace deleted.');
      await refreshWorkspaces();
      navigate('/panel/workspace/default/boards', { replace: true });
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  return (
    <>
      <Form form={form} className="p-form" aria-label="Workspace settings">
        <Field label="Name" {...form.field('name')} disabled={!can('editName')} maxLength={100} />
        <Switch
          className="p-switch-row"
          label="Dark theme"
          checked={form.values.darkTheme}
          disabled={!can('editTheme')}
          onChange={(e) => form.setValue('darkTheme', e.target.checked)}
        />
        <Field
          label="Max upload size (bytes)"
          type="number"
          inputMode="numeric"
          hint={`${UPLOAD_SIZE_HINT} (now ${formatBytes(Number(form.values.maxUploadSize) || 0)})`}
          {...form.field('maxUploadSize')}
          disabled={!can('editUploadSize')}
        />
        <Switch
          className="p-switch-row"
          label="Boards take pictures and PDFs"
          checked={form.values.uploads}
          disabled={!can('editUploadSize')}
          onChange={(e) => form.setValue('uploads', e.target.checked)}
        />
        <div className="p-form-row">
          <Field
            label="Minimum zoom (%)"
            type="number"
            inputMode="numeric"
            {...form.field('zoomLimitsMin')}
            disabled={!can('editZoomLimits')}
          />
          <Field
            label="Maximum zoom (%)"
            type="number"
            inputMode="numeric"
            {...form.field('zoomLimitsMax')}
            disabled={!can('editZoomLimits')}
          />
        </div>
        <fieldset className="p-fonts">
          <legend>Fonts</legend>
          {form.values.fonts.length === 0 ? (
            <p className="p-muted">No fonts of your own yet: boards offer the standard fonts.</p>
          ) : (
            <ul className="p-fonts__list" aria-label="Workspace fonts">
              {form.values.fonts.map((f) => (
                <li key={`${f.name}\n${f.url ?? ''}`}>
                  <span className="p-fonts__name" style={{ fontFamily: `"${f.name}", sans-serif` }}>
                    {f.name}
                  </span>
                  {f.url && <span className="p-muted p-fonts__url">{f.url}</span>}
                  {can('editFonts') && (
                    <Button variant="ghost" size="sm" onClick={() => removeFont(f)} aria-label={`Remove font ${f.name}`}>
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          {form.errorFor('fonts') && (
            <p className="p-error" role="alert">
              {form.errorFor('fonts')!.join(' ')}
            </p>
          )}
          {can('editFonts') && (
            <div className="p-font-add">
              <Field
                label="Add a font"
                hint="A font name (e.g. Roboto), or the address of a font file or stylesheet; Enter adds it"
                value={font}
                onChange={(e) => setFont(e.target.value)}
                onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault(); // not the settings form's submit
                  void addFont();
                }}
                maxLength={2000}
              />
              <Button variant="secondary" busy={adding} disabled={!font.trim()} onClick={() => void addFont()}>
                Add font
              </Button>
            </div>
          )}
        </fieldset>
        {editsAny && (
          <div className="p-form-actions">
            <Button type="submit" busy={form.processing}>
              Save
            </Button>
          </div>
        )}
      </Form>
      {can('deleteWorkspace') && !workspace.isDefault && (
        <>
          <hr className="p-separator" />
          <section aria-labelledby="ws-danger">
            <h3 id="ws-danger" className="p-section-title">
              Delete workspace
            </h3>
            <p className="p-muted">
              {workspace.numberOfBoards > 0
                ? 'Only a workspace without boards can be deleted. Move or delete its boards first.'
                : 'The workspace, its members and invitations are removed.'}
            </p>
            <Button variant="danger" disabled={workspace.numberOfBoards > 0} onClick={deleteWorkspace}>
              Delete workspace
            </Button>
          </section>
        </>
      )}
    </>
  );
}
