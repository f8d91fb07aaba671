import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { Button, confirm, Field, type DataGridHandle } from '../../ui';
import { runAction } from '../shared/run-action';
import { useDashboardApi } from './api';
import { JobList } from './job-list';
import type { AdminAction } from './statistics-api';

/**
 * The admin actions (backoffice.md §2 "Admin actions", §7, §8 toasts): each runs as a job on the
 * server, once across nodes; the answer's `message` is the toast and the run appears in the job
 * list below, which follows it until it ends.
 */
export const ACTION_TEXTS = {
  heading: 'Admin actions',
  intro: 'Each action runs once across the servers as a job; the list below shows its runs and their timings.',
  storageId: 'User or workspace id',
  storageHint: 'Empty: every account.',
  recalcStorage: 'Recalculate storage',
  recalcAllConfirm: 'Recalculate the storage of every account? It reads every board and may take a while.',
  rebuildExtensions: 'Rebuild extensions',
  rebuildExtensionsConfirm:
    'Rebuild the extensions? Every workspace’s extension choices are checked against the catalogue, and choices of extensions no longer offered are removed.',
  rebuildTemplates: 'Rebuild templates',
  rebuildTemplatesConfirm: 'Rebuild the templates? Every built-in template’s thumbnail is drawn again.',
  installTemplates: 'Install templates',
  installTemplatesConfirm:
    'Install the templates? The template library is read again: new and changed templates are installed and removed ones taken away.',
  rebuildIndexes: 'Rebuild indexes',
  rebuildIndexesConfirm:
    'Rebuild the indexes of the busiest tables (REINDEX and ANALYZE)? It runs in the background; the database works harder until it ends.',
  jobs: 'Jobs',
} as const;

/** The toasts the spec names, for an answer without its own message (backoffice.md §8). */
const FALLBACK_TOASTS: Record<AdminAction, string> = {
  recalcStorage: 'storage has been recalculated',
  rebuildExtensions: 'rebuild extensions done',
  rebuildTemplates: 'rebuild templates done',
  installTemplates: 'install templates done',
  rebuildIndexes: 'rebuild indexes sent',
};

export function AdminActions() {
  const api = useDashboardApi();
  const headingId = useId();
  const jobs = useRef<DataGridHandle>(null);
  const [busy, setBusy] = useState<AdminAction | null>(null);
  const [target, setTarget] = useState('');

  const run = useCallback(
    async (action: AdminAction, question: string | null, body?: { id?: string }) => {
      if (question && !(await confirm({ message: question, confirmText: 'Yes', closeText: 'No' }))) return;
      setBusy(action);
      // the job list shows the run while it goes (the answer comes when it has ended or was queued)
      const poll = setTimeout(() => jobs.current?.reload(), 800);
      try {
        await runAction(() => api.adminAction(action, body), FALLBACK_TOASTS[action]);
      } finally {
        clearTimeout(poll);
        setBusy(null);
        jobs.current?.reload();
      }
    },
    [api],
  );

  const recalc = (e: FormEvent) => {
    e.preventDefault();
    const id = target.trim();
    void run('recalcStorage', id ? null : ACTION_TEXTS.recalcAllConfirm, id ? { id } : {});
  };

  return (
    <section className="a-dash__block" aria-labelledby={headingId}>
      <h2 id={headingId} className="a-dash__title">
        {ACTION_TEXTS.heading}
      </h2>
      <p className="a-dash__intro">{ACTION_TEXTS.intro}</p>
      <div className="a-actions">
        <form className="a-actions__storage" onSubmit={recalc} aria-label={ACTION_TEXTS.recalcStorage}>
          <Field
            label={ACTION_TEXTS.storageId}
            hint={ACTION_TEXTS.storageHint}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            fieldClassName="a-actions__id"
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit" variant="secondary" busy={busy === 'recalcStorage'} disabled={busy !== null}>
            {ACTION_TEXTS.recalcStorage}
          </Button>
        </form>
        <div className="a-actions__buttons">
          <Button
            variant="secondary"
            busy={busy === 'rebuildExtensions'}
            disabled={busy !== null}
            onClick={() => void run('rebuildExtensions', ACTION_TEXTS.rebuildExtensionsConfirm)}
          >
            {ACTION_TEXTS.rebuildExtensions}
          </Button>
          <Button
            variant="secondary"
            busy={busy === 'rebuildTemplates'}
            disabled={busy !== null}
            onClick={() => void run('rebuildTemplates', ACTION_TEXTS.rebuildTemplatesConfirm)}
          >
            {ACTION_TEXTS.rebuildTemplates}
          </Button>
          <Button
            variant="secondary"
            busy={busy === 'installTemplates'}
            disabled={busy !== null}
            onClick={() => void run('installTemplates', ACTION_TEXTS.installTemplatesConfirm)}
          >
            {ACTION_TEXTS.installTemplates}
          </Button>
          <Button
            variant="secondary"
            busy={busy === 'rebuildIndexes'}
            disabled={busy !== null}
            onClick={() => void run('rebuildIndexes', ACTION_TEXTS.rebuildIndexesConfirm)}
          >
            {ACTION_TEXTS.rebuildIndexes}
          </Button>
        </div>
      </div>
      <h3 className="a-stat__subtitle">{ACTION_TEXTS.jobs}</h3>
      <JobList handle={jobs} following={busy !== null} />
    </section>
  );
}
