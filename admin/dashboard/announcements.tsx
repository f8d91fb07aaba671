import { useRef, type ReactNode } from 'react';
import { Button, confirm, DataGrid, Field, Form, formatDateTime, SelectField, useForm, type Column, type DataGridHandle } from '../../ui';
import type { AnnouncementType } from '../../shared/announcements';
import { runAction } from '../shared/run-action';
import { announcementTimes, fiveTwo } from './announcement-time';
import { useDashboardApi, type AnnouncementRow } from './api';

/** The form's and the grid's texts (backoffice.md §2 Dashboard "Announcements form"). */
export const ANNOUNCEMENT_TEXTS = {
  heading: 'Announcements',
  type: 'Type',
  message: 'Message',
  start: 'Start',
  duration: 'Duration (minutes)',
  fiveTwo: '5-2',
  fiveTwoHint: 'Start in five minutes, for 2 minutes',
  set: 'Set',
  published: 'Announcement published.',
  withdraw: 'Withdraw',
  withdrawConfirm: 'Withdraw this announcement? Open boards stop showing it.',
  withdrawn: 'Announcement withdrawn.',
} as const;

/** The type select: the spec's labels, the API's values. */
export const TYPE_OPTIONS: Array<{ value: AnnouncementType; label: string }> = [
  { value: 'ScheduledMaintenance', label: 'Maintenance' },
  { value: 'News', label: 'News' },
];
const typeLabel = (t: string) => TYPE_OPTIONS.find((o) => o.value === t)?.label ?? t;

export const ANNOUNCEMENT_COLUMNS: Array<Column<AnnouncementRow>> = [
  { key: 'type', label: 'Type', sortable: true, render: (a) => typeLabel(a.type) },
  { key: 'message', label: 'Message' },
  { key: 'start', label: 'Start', sortable: true, render: (a) => formatDateTime(a.start) },
  { key: 'end', label: 'End', sortable: true, render: (a) => formatDateTime(a.end) },
  { key: 'duration', label: 'Duration (min)', align: 'end' },
  { key: 'publishedBy', label: 'Published by', render: (a) => a.publishedBy ?? '—' },
];

interface FormValues {
  type: AnnouncementType;
  message: string;
  start: string;
  duration: string;
}

/**
 * The announcements block: the form (type, message, start, duration, '5-2', Set; no client-side
 * validation — the server's 400 errors show under the fields, `end` under the duration it comes
 * from) and the grid of announcements with Withdraw.
 */
export function Announcements() {
  const api = useDashboardApi();
  const grid = useRef<DataGridHandle>(null);
  const form = useForm<FormValues>({
    initial: { type: 'ScheduledMaintenance', message: '', start: '', duration: '' },
    submit: (v) => api.publishAnnouncement({ type: v.type, message: v.message, ...announcementTimes(v.start, v.duration) }),
    successMessage: ANNOUNCEMENT_TEXTS.published,
    onSuccess: () => {
      form.setValue('message', '');
      grid.current?.reload();
    },
  });
  const durationErrors = [...(form.field('duration').error ?? []), ...(form.errorFor('end') ?? [])];
  return (
    <section className="a-dash__block" aria-labelledby="dash-announcements">
      <h2 id="dash-announcements" className="a-dash__title">
        {ANNOUNCEMENT_TEXTS.heading}
      </h2>
      <Form form={form} className="a-dash__form" aria-label="Publish an announcement">
        <SelectField label={ANNOUNCEMENT_TEXTS.type} {...form.field('type')} options={TYPE_OPTIONS} fieldClassName="a-dash__type" />
        <Field label={ANNOUNCEMENT_TEXTS.message} {...form.field('message')} fieldClassName="a-dash__message" />
        <Field label={ANNOUNCEMENT_TEXTS.start} type="datetime-local" {...form.field('start')} fieldClassName="a-dash__start" />
        <Field
          label={ANNOUNCEMENT_TEXTS.duration}
          type="number"
          inputMode="numeric"
          {...form.field('duration')}
          error={durationErrors}
          fieldClassName="a-dash__duration"
        />
        <Buttons>
          <Button variant="secondary" title={ANNOUNCEMENT_TEXTS.fiveTwoHint} onClick={() => form.setValues(fiveTwo())}>
            {ANNOUNCEMENT_TEXTS.fiveTwo}
          </Button>
          <Button type="submit" busy={form.processing}>
            {ANNOUNCEMENT_TEXTS.set}
          </Button>
        </Buttons>
      </Form>
      <DataGrid<AnnouncementRow>
        label="Announcements list"
        columns={ANNOUNCEMENT_COLUMNS}
        fetch={api.announcements}
        rowKey="id"
        rowLabel={(a) => `${typeLabel(a.type)} ${formatDateTime(a.start)}`}
        pageSize={10}
        handle={grid}
        actions={[
          {
            label: ANNOUNCEMENT_TEXTS.withdraw,
            icon: 'trash',
            iconOnly: true,
            danger: true,
            onClick: async (a, { reload }) => {
              if (!(await confirm({ message: ANNOUNCEMENT_TEXTS.withdrawConfirm, confirmText: 'Yes', closeText: 'No', danger: true })))
                return;
              if (await runAction(() => api.withdrawAnnouncement(a.id).then(() => undefined), ANNOUNCEMENT_TEXTS.withdrawn)) reload();
            },
          },
        ]}
      />
    </section>
  );
}

/** The form's buttons, aligned with the inputs (the fields keep room for their labels). */
function Buttons({ children }: { children: ReactNode }) {
  return <div className="a-dash__buttons">{children}</div>;
}
