import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { BoardInfo } from '../../shared/embed';
import { AUTOMATION_EXAMPLES, STARTER_SCRIPT } from '../automation/examples';
import { AUTOMATION_TEXT as T } from '../automation/messages';
import { runScript, SCRIPT_TIME_LIMIT_MS, type LogEntry, type RunOutcome, type ScriptRun } from '../automation/runner';
import { createBoardMethods } from '../board-methods';
import type { Editor } from '../editor/editor';
import type { SyncClient } from '../sync/sync-client';
import { SidePanel } from './side-panel';

/** Lines the output keeps (the rest are dropped with a note). */
export const MAX_OUTPUT_LINES = 500;
/** Errors of a panel reported to the server (POST /api/logs/clients), at most. */
const MAX_REPORTS = 10;
/** The script is kept in this browser between openings. */
const SCRIPT_KEY = 'tabula.automation.script';

const readScript = (): string => {
  try {
    return localStorage.getItem(SCRIPT_KEY) ?? STARTER_SCRIPT;
  } catch {
    return STARTER_SCRIPT;
  }
};
const saveScript = (code: string) => {
  try {
    localStorage.setItem(SCRIPT_KEY, code);
  } catch {
    /* private mode: the script lives as long as the panel */
  }
};

/** The lines an outcome adds to the output. */
export function outcomeLines(outcome: RunOutcome): LogEntry[] {
  switch (outcome.status) {
    case 'finished':
      return [
        ...(outcome.result !== undefined ? [{ level: 'result' as const, text: `${T.returned} ${outcome.result}` }] : []),
        { level: 'system', text: T.finished(outcome.ms) },
      ];
    case 'failed':
      return [{ level: 'error', text: T.failed(outcome.message, outcome.line) }];
    case 'timeout':
      return [{ level: 'error', text: T.timeout(SCRIPT_TIME_LIMIT_MS / 1000) }];
    case 'stopped':
      return [{ level: 'system', text: T.stopped }];
    case 'loadFailed':
      return [{ level: 'error', text: T.loadFailed(outcome.message) }];
  }
}

/**
 * The Automation panel (board.md §1 "Automation technical preview", §2: right side, 650 px,
 * opened by the toolbox command and Shift+F2 under the app-automation policy): a script box, the
 * examples, Run / Stop and the output. A script drives the board only through the board API
 * (sdk/board-methods.ts, the embed's methods), in a worker with no network and a 10 s limit
 * (sdk/automation/runner.ts). Closing the panel stops a running script.
 */
export function AutomationPanel({ editor, sync, onClose }: { editor: Editor; sync: SyncClient; onClose: () => void }) {
  const [code, setCode] = useState(readScript);
  const [example, setExample] = useState('');
  const [lines, setLines] = useState<LogEntry[]>([]);
  const [running, setRunning] = useState(false);
  const run = useRef<ScriptRun | null>(null);
  const reports = useRef(0);
  const area = useRef<HTMLTextAreaElement>(null);
  const output = useRef<HTMLDivElement>(null);

  const methods = useMemo(() => {
    const info = (): BoardInfo => {
      const b = sync.board$.value;
      return {
        code: b?.code ?? '',
        boardName: b?.boardName ?? '',
        uid: sync.uid,
        role: sync.claims$.value.role ?? null,
        whiteLabel: false,
      };
    };
    return createBoardMethods(editor, sync, { uid: () => sync.uid, ready: Promise.resolve(), info });
  }, [editor, sync]);

  // a running script ends with the panel (the panel's frame moves the focus: the script box on open)
  useEffect(() => () => run.current?.stop(), []);

  useEffect(() => {
    const box = output.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lines]);

  const append = (entries: LogEntry[]) =>
    setLines((now) => {
      if (now.length >= MAX_OUTPUT_LINES) return now;
      const next = [...now, ...entries];
      return next.length < MAX_OUTPUT_LINES
        ? next
        : [...next.slice(0, MAX_OUTPUT_LINES), { level: 'system', text: T.truncated(MAX_OUTPUT_LINES) }];
    });

  /** board.md §8: an automation load failure (and a script's error) goes to the server's client log. */
  const report = (outcome: RunOutcome) => {
    if ((outcome.status !== 'failed' && outcome.status !== 'loadFailed') || reports.current >= MAX_REPORTS) return;
    reports.current++;
    const message = outcome.status === 'failed' ? T.failed(outcome.message, outcome.line) : T.loadFailed(outcome.message);
    void sync
      .request('POST', '/api/logs/clients', {
        level: outcome.status === 'loadFailed' ? 'error' : 'warn',
        context: 'automation',
        message: message.slice(0, 1000),
        data: { kind: outcome.status, board: sync.board$.value?.code ?? '' },
      })
      .catch(() => undefined);
  };

  const start = () => {
    if (run.current) return;
    saveScript(code);
    setLines([{ level: 'system', text: T.started }]);
    setRunning(true);
    const current = runScript(code, { methods, onLog: (entry) => append([entry]) });
    run.current = current;
    void current.done.then((outcome) => {
      if (run.current !== current) return;
      run.current = null;
      setRunning(false);
      append(outcomeLines(outcome));
      report(outcome);
    });
  };
  const stop = () => run.current?.stop();

  const onScriptKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      e.stopPropagation();
      if (!running) start();
      return;
    }
    if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.altKey && !e.metaKey) {
      // Tab indents (two spaces); Shift+Tab still leaves the box
      e.preventDefault();
      e.stopPropagation();
      const box = e.currentTarget;
      // in the box itself, at once: the caret is after the spaces before the next key arrives (a caret
      // placed a frame later sent a fast typist's next letters to the end)
      box.setRangeText('  ', box.selectionStart, box.selectionEnd, 'end');
      setCode(box.value);
    }
  };

  return (
    <SidePanel
      label="Automation panel"
      title={
        <>
          {T.title} <span className="tb-automation__badge">{T.preview}</span>
        </>
      }
      closeLabel={T.close}
      className="tb-automation"
      focusFirst=".tb-automation__script"
      onClose={onClose}
    >
      <div className="tb-automation__body">
        <p className="tb-automation__intro">{T.intro}</p>
        <div className="tb-automation__bar">
          <label className="tb-automation__examples">
            <span>{T.examples}</span>
            <select
              className="t-input"
              value={example}
              onChange={(e) => {
                const chosen = AUTOMATION_EXAMPLES.find((x) => x.id === e.target.value);
                setExample(e.target.value);
                if (chosen) setCode(chosen.code);
              }}
            >
              <option value="">{T.chooseExample}</option>
              {AUTOMATION_EXAMPLES.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.title}
                </option>
              ))}
            </select>
          </label>
          <span className="tb-grow" />
          {running ? (
            <button type="button" className="tb-btn tb-btn--outline tb-automation__stop" onClick={stop}>
              <span className="tb-automation__square" aria-hidden="true" /> {T.stop}
            </button>
          ) : (
            <button type="button" className="tb-btn tb-automation__run" onClick={start} title={T.shortcutHint}>
              <span className="tb-automation__play" aria-hidden="true" /> {T.run}
            </button>
          )}
        </div>
        <label className="tb-automation__label" htmlFor="tb-automation-script">
          {T.scriptLabel} <span className="tb-automation__hint">{T.shortcutHint}</span>
        </label>
        <textarea
          id="tb-automation-script"
          ref={area}
          className="tb-automation__script"
          value={code}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={onScriptKey}
        />
        <div className="tb-automation__outhead">
          <h3 id="tb-automation-output">{T.output}</h3>
          {running && <span className="tb-automation__running">{T.running}</span>}
          <span className="tb-grow" />
          <button type="button" className="tb-btn tb-btn--outline" onClick={() => setLines([])} disabled={lines.length === 0 || running}>
            {T.clear}
          </button>
        </div>
        <div ref={output} className="tb-automation__output" role="log" aria-labelledby="tb-automation-output" tabIndex={0}>
          {lines.length === 0 ? (
            <p className="tb-automation__none">{T.noOutput}</p>
          ) : (
            lines.map((line, i) => (
              <div key={i} className={`tb-automation__line tb-automation__line--${line.level}`}>
                {line.text}
              </div>
            ))
          )}
        </div>
      </div>
    </SidePanel>
  );
}
