import Joi from 'joi';
import { PROGRAM_CODES, PROGRAM_STATUSES } from '../../shared/partners/programs';

/** Joi schemas of the operators' partner routes (the wire types, shared/partners/types.ts). */

const date = Joi.string().isoDate();

export const partnerTypeSchema = Joi.object({
  code: Joi.string(),
  name: Joi.string(),
  status: Joi.string().allow(null),
  nextStatuses: Joi.array().items(Joi.string()),
  reason: Joi.string().allow(null),
})
  .prefs({ presence: 'required' })
  .label('PartnerType');

export const partnerSchema = Joi.object({
  id: Joi.string().guid(),
  partnerId: Joi.string().guid(),
  name: Joi.string().allow(null),
  icon: Joi.string().allow(null),
  email: Joi.string().allow(''),
  status: Joi.string(),
  createdDate: date,
  types: Joi.array().items(partnerTypeSchema),
  origins: Joi.array().items(Joi.string()),
})
  .prefs({ presence: 'required' })
  .label('Partner');

export const partnerRowSchema = Joi.object({
  id: Joi.string().guid(),
  name: Joi.string().allow(null),
  email: Joi.string(),
  status: Joi.string(),
  createdDate: date,
})
  .prefs({ presence: 'required' })
  .label('AdminPartnerRow');

export const partnerTypeStatusSchema = Joi.object({
  code: Joi.string(),
  status: Joi.string(),
  nextStatuses: Joi.array().items(Joi.string()),
  reason: Joi.string().allow(null),
})
  .prefs({ presence: 'required' })
  .label('PartnerTypeStatus');

export const partnerCustomerSchema = Joi.object({ customerId: Joi.string().guid(), email: Joi.string(), createdDate: date })
  .prefs({ presence: 'required' })
  .label('PartnerCustomer');

export const payoutSchema = Joi.object({
  id: Joi.string().guid(),
  number: Joi.string(),
  createdDate: date,
  status: Joi.string().valid('Open', 'Paid'),
  program: Joi.string(),
  subtotal: Joi.number().integer(),
  total: Joi.number().integer(),
  currency: Joi.string(),
  periodStart: date,
  periodEnd: date,
  paidDate: date.allow(null),
})
  .prefs({ presence: 'required' })
  .label('PayoutInvoice');

export const generatedSchema = Joi.object({ message: Joi.string(), payouts: Joi.array().items(payoutSchema) })
  .prefs({ presence: 'required' })
  .label('PartnerInvoicesGenerated');

export const paidSchema = Joi.object({ message: Joi.string(), payout: payoutSchema })
  .prefs({ presence: 'required' })
  .label('PartnerPayoutPaid');

export const newPartnerInput = Joi.object({ email: Joi.string().trim().email().max(320).required() })
  .unknown(true)
  .label('NewPartnerInput');

export const enrollInput = Joi.object({
  program: Joi.string()
    .valid(...PROGRAM_CODES)
    .required(),
})
  .unknown(true)
  .label('PartnerEnrollInput');

export const statusInput = Joi.object({
  state: Joi.string()
    .valid(...PROGRAM_STATUSES)
    .required(),
  program: Joi.string()
    .valid(...PROGRAM_CODES)
    .required(),
  reason: Joi.string().trim().max(500).allow('', null),
})
  .unknown(true)
  .label('PartnerStatusInput');

export const partnerParams = Joi.object({ id: Joi.string().guid().required() });
export const payoutParams = Joi.object({ id: Joi.string().guid().required(), payoutId: Joi.string().guid().required() });
