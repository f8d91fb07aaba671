import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, Field, formatDateTime, Modal, reportFailure, SelectField } from '../../ui';
import { useAdminApi, type LogEntry, type LogQuery } from '../api';
import { DetailList, show } from '../shared/detail-list';
import { OperatorOnly } from '../shared/operator-only';
import { levelClass, nextIndex } from './keys';

export const DEFAULT_LOG = 'ErrorLogs.log';
export const LOG_LEVELS = ['All', 'Fatal', 'Error', 'Warning', 'Debug', 'Info', 'Trace'];
export const LOG_PROPERTIES = ['timestamp', 'name', 'traceCode', 'message', 'exception'];
const OPERATORS = [
  { value: 'Contains', label: 'Contains' },
  { value: 'NotContains', label: 'Not Contains' },
];
const TAKE = 100;

/** /panel/log-viewer (backoffice.md §2 System logs). */
export function LogViewerPage() {
  return (
    <OperatorOnly>
      <LogViewer />
    </OperatorOnly>
  );
}

function LogViewer() {
  const api = useAdminApi();
  const listId = useId();
  const [files, setFiles] = useState<string[]>([DEFAULT_LOG]);
  const [file, setFile] = useState(DEFAULT_LOG);
  const [level, setLevel] = useState('All');
  const [property, setProperty] = useState('message');
  const [operator, setOperator] = useState<'Contains' | 'NotContains'>('Contains');
  const [value, setValue] = useState('');
  const [entries, setEntries] = useState<LogEntry[]>([]);
  const [before, setBefore] = useState<number | null>(null);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState(-1);
  const [open, setOpen] = useState<LogEntry | null>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    api.logFiles().then((answer) => {
      const names = answer.files.map((f) => f.name);
      setFiles(names.includes(answer.default) ? names : [answer.default, ...names]);
    }, reportFailure);
  }, [api]);

  const query = useCallback(
    (from?: number): LogQuery => ({
      Take: TAKE,
      Before: from,
      Level: level,
      ...(value.trim() ? { Property: property, Operator: operator, Value: value.trim() } : {}),
    }),
    [level, property, operator, value],
  );
  const load = useCallback(
    async (more: boolean) => {
      setLoading(true);
      try {
        const page = await api.logPage(file, query(more ? (before ?? undefined) : undefined));
        setEntries((prev) => (more ? [...prev, ...page.data] : page.data));
        setBefore(page.before);
        if (!more) setSelected(page.data.length ? 0 : -1);
      } catch (err) {
        reportFailure(err);
        if (!more) setEntries([]);
      } finally {
        setLoading(false);
      }
    },
    // `before` is read for "Older entries" only
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, file, query],
  );
  useEffect(() => {
    const timer = setTimeout(() => void load(false), value ? 300 : 0);
    return () => clearTimeout(timer);
  }, [load, value]);

  useEffect(() => {
    // keep the selected entry in view inside the list only (the page itself does not jump)
    const box = list.current;
    const el = box?.querySelector<HTMLElement>(`[data-index="${selected}"]`);
    if (!box || !el) return;
    if (el.offsetTop < box.scrollTop) box.scrollTop = el.offsetTop;
    else if (el.offsetTop + el.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = el.offsetTop + el.offsetHeight - box.clientHeight;
  }, [selected]);

  const onKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key === 'Enter' && selected >= 0) {
      e.preventDefault();
      setOpen(entries[selected] ?? null);
      return;
    }
    const next = nextIndex(e.key, selected, entries.length);
    if (next === null) return;
    e.preventDefault();
    setSelected(next);
  };

  const current = entries[selected];
  return (
    <div className="a-log">
      <div className="a-log__filters">
        <SelectField
          label="Log file"
          value={file}
          onChange={(e) => setFile(e.target.value)}
          options={files.map((f) => ({ value: f, label: f }))}
        />
        <SelectField
          label="Level"
          value={level}
          onChange={(e) => setLevel(e.target.value)}
          options={LOG_LEVELS.map((l) => ({ value: l, label: l }))}
        />
        <SelectField
          label="Property"
          value={property}
          onChange={(e) => setProperty(e.target.value)}
          options={LOG_PROPERTIES.map((p) => ({ value: p, label: p }))}
        />
        <SelectField
          label="Operator"
          value={operator}
          onChange={(e) => setOperator(e.target.value as 'Contains' | 'NotContains')}
          options={OPERATORS}
        />
        <Field label="Value" value={value} onChange={(e) => setValue(e.target.value)} />
      </div>
      <p className="p-muted" id={`${listId}-help`} style={{ margin: 0 }}>
        {entries.length} entries, newest first. Keys: arrows, Home, End, Page Up/Down (10); Enter opens the entry.
      </p>
      <ul
        ref={list}
        id={listId}
        className="a-log__list"
        role="listbox"
        tabIndex={0}
        aria-label="Log entries"
        aria-describedby={`${listId}-help`}
        aria-busy={loading || undefined}
        aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
        onKeyDown={onKey}
      >
        {entries.length === 0 && !loading ? (
          <li className="a-log__item" role="option" aria-selected={false} aria-disabled="true">
            No records
          </li>
        ) : null}
        {entries.map((entry, index) => (
          <li
            key={entry.id}
            id={`${listId}-${entry.id}`}
            data-index={index}
            role="option"
            aria-selected={index === selected}
            className={`a-log__item ${levelClass(entry.level)}`}
            onClick={() => (setSelected(index), setOpen(entry))}
          >
            <span>{entry.timestamp ? formatDateTime(entry.timestamp) : '—'}</span>
            <span>{entry.level}</span>
            <span>{entry.message}</span>
          </li>
        ))}
      </ul>
      <div className="a-row">
        <Button variant="secondary" disabled={before === null || loading} onClick={() => void load(true)}>
          Older entries
        </Button>
        <Button variant="ghost" disabled={loading} onClick={() => void load(false)}>
          Refresh
        </Button>
      </div>
      <Modal open={!!open} title={open ? `${open.level} entry` : ''} width={700} onClose={() => (setOpen(null), list.current?.focus())}>
        {open ? (
          <>
            <DetailList
              items={[
                ['Timestamp', show(open.timestamp)],
                ['Level', <span className={levelClass(open.level)}>{open.level}</span>],
                ['Name', show(open.name)],
                ['Trace code', show(open.traceCode)],
              ]}
            />
            <h3 className="a-section">Message</h3>
            <pre className="a-pre">{open.message}</pre>
            {open.exception ? (
              <>
                <h3 className="a-section">Exception</h3>
                <pre className="a-pre">{open.exception}</pre>
              </>
            ) : null}
          </>
        ) : null}
      </Modal>
    </div>
  );
}
