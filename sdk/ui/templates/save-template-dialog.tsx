import { useState, type FormEvent } from 'react';
import { TEMPLATE_THUMBNAIL_QUALITY } from '../../../shared/constants';
import { isAnnotation, shapesBounds } from '../../../shared/geometry';
import { translateShape } from '../../../shared/geometry/registry';
import { MESSAGES } from '../../../shared/messages';
import type { Shape } from '../../../shared/model';
import { POLICY } from '../../../shared/policies';
import { TEMPLATE_LIMITS } from '../../../shared/templates/types';
import { Button } from '../../../ui/button';
import { Checkbox } from '../../../ui/checkbox';
import { Field } from '../../../ui/field';
import { Modal } from '../../../ui/modal';
import { toast } from '../../../ui/toast';
import { copyShapes } from '../../editor/copies';
import type { Editor } from '../../editor/editor';
import { exportThumbnail, exported } from '../../editor/export';
import { HttpError } from '../../sync/api';
import type { SyncClient } from '../../sync/sync-client';
import { saveCustomTemplate, type CustomTemplatePayload } from './api';

/** The longest side of a saved template's thumbnail, px (the dialog's large preview is about this wide). */
export const THUMBNAIL_SIDE = 720;

/**
 * What a template saved from this board holds: the selection if there is one, else the whole
 * board (what this visitor sees: private mode's hidden shapes and resolved comments left out),
 * copied (links to shapes left behind let go) and moved so the top-left of their bounds is (0,0).
 */
export function templateShapes(editor: Editor): { shapes: Shape[]; width: number; height: number } {
  const selected = editor.selection.map((id) => editor.doc.get(id)).filter((s): s is Shape => !!s);
  const source = exported(selected.length ? selected : editor.getShapes()).filter((s) => !isAnnotation(s));
  const bounds = shapesBounds(source);
  if (!bounds || !source.length) return { shapes: [], width: 0, height: 0 };
  const copies = copyShapes(source, (s) => editor.copyShape(s));
  return {
    shapes: copies.map((s) => translateShape(s, -bounds.x, -bounds.y)),
    width: Math.ceil(bounds.w),
    height: Math.ceil(bounds.h),
  };
}

/** Whether this visitor may save templates here: signed in with the custom-templates policy (beta-tester). */
export const canSaveTemplates = (editor: Editor, sync: SyncClient) => sync.signedIn && editor.hasPolicy(POLICY.customTemplates);

/**
 * 'Save as template' (board.md §5, §7, §8): a name (required), 'Share with workspace' only with
 * the plan's shared-templates policy on a workspace board, the thumbnail drawn here as a JPEG of
 * quality 0.8 (the PNG export's drawing), the selection or else the whole board; 'board is empty'
 * when there is nothing to save; 'template saved' when done.
 */
export function SaveTemplateDialog({ editor, sync, onClose }: { editor: Editor; sync: SyncClient; onClose: () => void }) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const workspace = sync.board$.value?.workspace ?? null;
  const workspaceId = workspace?.altId ?? workspace?.id ?? null;
  const canShare = Boolean(workspaceId) && editor.hasPolicy(POLICY.sharedTemplates);
  const fromSelection = editor.selection.length > 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!name.trim()) return setErrors({ name: ['Enter a name for the template'] });
    const { shapes, width, height } = templateShapes(editor);
    if (!shapes.length) return setErrors({ commands: [MESSAGES.boardEmpty] });
    setErrors({});
    setBusy(true);
    try {
      const thumbnail = await exportThumbnail(shapes, THUMBNAIL_SIDE, TEMPLATE_THUMBNAIL_QUALITY);
      const payload: CustomTemplatePayload = {
        name: name.trim(),
        thumbnail,
        shared: canShare && shared,
        ...(workspaceId ? { workspaceId } : {}),
        commands: shapes,
        width,
        height,
      };
      await saveCustomTemplate(sync, payload);
      toast.success(MESSAGES.templateSaved);
      onClose();
    } catch (error) {
      const body = error instanceof HttpError ? (error.body as { message?: string; errors?: Record<string, string[]> } | null) : null;
      if (body?.errors && Object.keys(body.errors).length) setErrors(body.errors);
      else toast.error((error instanceof Error && error.message) || MESSAGES.somethingWentWrong);
      setBusy(false);
    }
  };

  const other = Object.entries(errors)
    .filter(([field]) => field !== 'name')
    .flatMap(([, list]) => list);
  return (
    <Modal open title="Save as template" width={460} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} aria-label="Save as template" noValidate className="tb-tpl-save">
        <p className="tb-tpl-save__lead">
          {fromSelection
            ? 'The selected shapes become a template of your own.'
            : 'Everything on this board becomes a template of your own.'}
        </p>
        <Field
          label="Template name"
          value={name}
          maxLength={TEMPLATE_LIMITS.title}
          autoComplete="off"
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            setErrors({});
          }}
        />
        {canShare && <Checkbox label="Share with workspace" checked={shared} onChange={(e) => setShared(e.target.checked)} />}
        {other.length > 0 && (
          <p className="tb-tpl-save__error" role="alert">
            {other.join(', ')}
          </p>
        )}
        <div className="tb-dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={busy} disabled={busy}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
