import { useEffect, useState } from 'react';
import { Button, confirm, DataGrid, Field, formatDateTime, reportFailure, SelectField, Spinner, type Column } from '../../ui';
import { ADMIN_TEXTS, useAdminApi, type FeedbackDetail, type FeedbackRow } from '../api';
import { DetailList, show } from '../shared/detail-list';
import { OperatorOnly } from '../shared/operator-only';
import { runAction } from '../shared/run-action';

export const FEEDBACK_COLUMNS: Array<Column<FeedbackRow>> = [
  { key: 'createdDate', label: 'Created', sortable: true, render: (f) => formatDateTime(f.createdDate) },
  { key: 'uid', label: 'Uid' },
  { key: 'username', label: 'Username' },
  { key: 'type', label: 'Type', sortable: true },
  { key: 'source', label: 'Source' },
  { key: 'hasDetail', label: 'Detail', align: 'center', render: (f) => (f.hasDetail ? <span aria-label="Has detail">✓</span> : '') },
];

/** /panel/feedbacks (backoffice.md §2 Feedback): tag filter, view with editable tags, delete. */
export function FeedbacksPage() {
  return (
    <OperatorOnly>
      <Feedbacks />
    </OperatorOnly>
  );
}

function Feedbacks() {
  const api = useAdminApi();
  const [tags, setTags] = useState<string[]>([]);
  const [tag, setTag] = useState('');
  useEffect(() => void api.feedbackTags().then(setTags, reportFailure), [api]);
  return (
    <DataGrid<FeedbackRow>
      label="Feedbacks"
      columns={FEEDBACK_COLUMNS}
      fetch={api.feedbacks}
      rowKey="id"
      rowLabel={(f) => `${f.username ?? f.uid ?? 'anonymous'} ${formatDateTime(f.createdDate)}`}
      filterable={false}
      extraQuery={tag ? { Tags: tag } : undefined}
      toolbar={
        <SelectField
          label="Tag"
          value={tag}
          onChange={(e) => setTag(e.target.value)}
          options={[{ value: '', label: 'All' }, ...tags.map((t) => ({ value: t, label: t }))]}
        />
      }
      detail={{
        label: 'View',
        title: () => 'Feedback',
        width: 700,
        render: (f, { reload }) => <FeedbackView id={f.id} onSaved={reload} />,
      }}
      actions={[
        {
          label: 'Delete',
          icon: 'trash',
          danger: true,
          onClick: async (f, { reload }) => {
            if (!(await confirm({ message: ADMIN_TEXTS.deleteFeedback, confirmText: 'Yes', closeText: 'No', danger: true }))) return;
            if (await runAction(() => api.deleteFeedback(f.id), ADMIN_TEXTS.deleted)) reload();
          },
        },
      ]}
    />
  );
}

function FeedbackView({ id, onSaved }: { id: string; onSaved: () => void }) {
  const api = useAdminApi();
  const [item, setItem] = useState<FeedbackDetail | null>(null);
  const [tags, setTags] = useState('');
  useEffect(() => void api.feedback(id).then((f) => (setItem(f), setTags(f.tags.join(', '))), reportFailure), [api, id]);
  if (!item) return <Spinner />;
  const list = tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return (
    <>
      <div className="a-row" style={{ alignItems: 'flex-end' }}>
        <Field label="Tags" value={tags} onChange={(e) => setTags(e.target.value)} hint="Comma-separated" />
        <Button
          size="sm"
          onClick={() => void runAction(() => api.saveFeedbackTags(item.id, list), ADMIN_TEXTS.saved).then((ok) => ok && onSaved())}
        >
          Save
        </Button>
      </div>
      <p className="a-pre">{item.feedback || '—'}</p>
      <DetailList
        items={[
          ['IP', show(item.ip)],
          ['Country', show(item.country)],
          ['User agent', show(item.userAgent)],
          ['Type', item.type],
          ['Source', item.source],
        ]}
      />
    </>
  );
}
