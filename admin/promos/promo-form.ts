import {
  majorText,
  parseMajor,
  PROMO_DEFAULTS,
  promoFromTemplate,
  type PercentDuration,
  type PromoFields,
  type PromoStatus,
  type PromoTemplate,
  type PromoType,
} from '../../shared/billing';
import { formatIsoDate } from '../../ui';
import type { PromoInput, PromoRow } from '../api';

/**
 * The promo dialog's fields as typed text (admin/promos/promo-dialog.tsx), from a promo or a
 * template, and back to what POST /api/admin/promos/{id} takes. Amounts are typed in dollars and
 * sent in cents (parsed exactly, no floating point); a redeem-by date means through the end of
 * that day (UTC).
 */
export interface PromoForm {
  code: string;
  name: string;
  comment: string;
  expiresInDays: string;
  redeemBy: string;
  maxRedemptions: string;
  maxRedemptionsPerCustomer: string;
  type: PromoType;
  amount: string;
  percent: string;
  percentDuration: PercentDuration;
  duration: string;
  status: PromoStatus;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function formOf(fields: PromoFields, code = ''): PromoForm {
  return {
    code,
    name: fields.name,
    comment: fields.comment,
    expiresInDays: text(fields.expiresInDays),
    redeemBy: fields.redeemBy ? formatIsoDate(fields.redeemBy, { timeZone: 'UTC' }) : '',
    maxRedemptions: text(fields.maxRedemptions),
    maxRedemptionsPerCustomer: text(fields.maxRedemptionsPerCustomer),
    type: fields.type,
    amount: fields.amount === null ? '' : majorText(fields.amount),
    percent: text(fields.percent),
    percentDuration: fields.percentDuration ?? 'Forever',
    duration: text(fields.duration),
    status: fields.status,
  };
}

export const newForm = (): PromoForm => formOf(PROMO_DEFAULTS);
export const templateForm = (t: PromoTemplate, code: string): PromoForm => formOf(promoFromTemplate(t), code);

export const promoForm = (p: PromoRow): PromoForm =>
  formOf(
    {
      name: p.name ?? '',
      comment: p.comment ?? '',
      expiresInDays: p.expiresInDays ?? 0,
      redeemBy: p.redeemBy ?? null,
      maxRedemptions: p.maxRedemptions ?? 0,
      maxRedemptionsPerCustomer: p.maxRedemptionsPerCustomer ?? 1,
      type: (p.type ?? 'Percent') as PromoType,
      amount: p.amount ?? null,
      percent: p.percent ?? null,
      percentDuration: (p.percentDuration ?? 'Forever') as PercentDuration,
      duration: p.duration ?? null,
      status: (p.status ?? 'Active') as PromoStatus,
    },
    p.code,
  );

/** A number field as sent: the number when it is one, else the text (the server names the field). */
const num = (s: string): number | string | null => (s.trim() === '' ? null : Number.isFinite(Number(s)) ? Number(s) : s);

/** What the save sends; `amount` is null when the dollars cannot be read (the dialog says so first). */
export function inputOf(form: PromoForm, editing: boolean): PromoInput {
  return {
    code: form.code.trim(),
    name: form.name,
    comment: form.comment,
    expiresInDays: num(form.expiresInDays) ?? 0,
    redeemBy: form.redeemBy ? `${form.redeemBy}T23:59:59.999Z` : null,
    maxRedemptions: num(form.maxRedemptions) ?? 0,
    maxRedemptionsPerCustomer: num(form.maxRedemptionsPerCustomer) ?? 1,
    type: form.type,
    amount: form.type === 'Fixed' ? parseMajor(form.amount) : null,
    percent: form.type === 'Percent' ? num(form.percent) : null,
    percentDuration: form.type === 'Percent' ? form.percentDuration : null,
    duration: form.type === 'Subscription' ? num(form.duration) : null,
    ...(editing ? { status: form.status } : {}),
  };
}
