import { CLIENT_VERSION } from '../../shared/constants';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import { startPerfLog } from './perf-log';
import { reportScriptErrors } from './script-errors';
import { startUsageLog } from './usage';

/**
 * The board's reports to the platform (board.md §7 /api/logs/*): performance records
 * (perf-log.ts), feature usage (usage.ts) and, where the board is the page, script errors
 * (script-errors.ts). Sent through the board's session (its token or guest uid, so the
 * back-office knows whose they are); none of them is ever allowed to fail the board.
 * The pictures' load failures are reported where pictures load (sdk/assets/pictures.ts).
 */
export function startTelemetry(editor: Editor, sync: SyncClient, opts: { server: string; board: string; hosted: boolean }): () => void {
  const post = (path: string) => (body: object) => sync.request('POST', path, body as Record<string, unknown>);
  const stopPerf = startPerfLog(sync.state$, {
    board: opts.board,
    version: CLIENT_VERSION,
    server: opts.server,
    inHostPage: !opts.hosted,
    send: post('/api/logs/perfs'),
  });
  const usage = startUsageLog(editor.actions.performed$, editor.tool$, { board: opts.board, send: post('/api/logs/usages') });
  const stopErrors = opts.hosted && typeof window !== 'undefined' ? reportScriptErrors(post('/api/logs/clients')) : () => {};
  return () => {
    stopPerf();
    usage.stop();
    stopErrors();
  };
}
