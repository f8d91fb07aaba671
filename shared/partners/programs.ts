/**
 * Partner programmes as data (backoffice.md §3 Partner types, §4 "Partner programme status";
 * docs/billing.md "Partners"). A partner is enrolled in a programme by an operator; the status then
 * moves only along the programme's transitions. The server answers `status` and `nextStatuses`;
 * the back-office shows a button per next status (and a reject-reason input on UnderReview).
 */

export type ProgramStatus = 'UnderReview' | 'Active' | 'Rejected' | 'Suspended' | 'Terminated';
export const PROGRAM_STATUSES: readonly ProgramStatus[] = ['UnderReview', 'Active', 'Rejected', 'Suspended', 'Terminated'];

/** A commission on the customers' invoices: basis points (2000 = 20 %) of the basis. */
export interface CommissionRule {
  /** the customers' paid charges (total plus credit applied) net of their credit notes */
  basis: 'invoices-net-of-credit-notes';
  basisPoints: number;
}

export interface Program {
  code: string;
  name: string;
  /** one line for operators and partners */
  description: string;
  commission: CommissionRule;
  /** the status enrolling puts a partner in */
  enrollStatus: ProgramStatus;
  /** status → the statuses an operator may set next */
  transitions: Readonly<Record<ProgramStatus, readonly ProgramStatus[]>>;
  /** statuses whose setting needs a reason */
  reasonRequired: readonly ProgramStatus[];
}

/** The lifecycle a reseller programme follows (shared by both programmes). */
const RESELLER_LIFECYCLE: Program['transitions'] = {
  UnderReview: ['Active', 'Rejected'],
  Active: ['Suspended', 'Terminated'],
  Suspended: ['Active', 'Terminated'],
  Rejected: ['UnderReview'],
  Terminated: [],
};

export const PROGRAMS: readonly Program[] = [
  {
    code: 'Reseller',
    name: 'Reseller',
    description: "Sells and manages its customers' subscriptions; earns 20 % of their invoices.",
    commission: { basis: 'invoices-net-of-credit-notes', basisPoints: 2000 },
    enrollStatus: 'UnderReview',
    transitions: RESELLER_LIFECYCLE,
    reasonRequired: ['Rejected'],
  },
  {
    code: 'Referral',
    name: 'Referral',
    description: 'Refers customers who manage their own subscriptions; earns 10 % of their invoices.',
    commission: { basis: 'invoices-net-of-credit-notes', basisPoints: 1000 },
    enrollStatus: 'UnderReview',
    transitions: RESELLER_LIFECYCLE,
    reasonRequired: ['Rejected'],
  },
];

export const RESELLER = 'Reseller';
export const PROGRAM_CODES: readonly string[] = PROGRAMS.map((p) => p.code);

export function programOf(code: string): Program | undefined {
  return PROGRAMS.find((p) => p.code === code);
}

/** The statuses an operator may set next; [] for an unknown programme or status, or none (enroll instead). */
export function nextStatuses(program: Program | string, status: string | null | undefined): ProgramStatus[] {
  const p = typeof program === 'string' ? programOf(program) : program;
  if (!p || !status) return [];
  return [...(p.transitions[status as ProgramStatus] ?? [])];
}

export type TransitionCheck = { ok: true } | { ok: false; field: 'state' | 'reason' | 'program'; message: string };

export const PARTNER_MESSAGES = {
  unknownProgram: 'unknown program',
  notEnrolled: 'the partner is not enrolled in this program',
  alreadyEnrolled: 'the partner is already enrolled in this program',
  notAllowed: (from: string, to: string) => `${to} cannot follow ${from}`,
  reasonRequired: 'a reason is required',
} as const;

/** May an operator move a programme from `from` to `to` (with `reason`)? */
export function checkTransition(program: Program, from: string | null, to: string, reason?: string | null): TransitionCheck {
  if (!from) return { ok: false, field: 'program', message: PARTNER_MESSAGES.notEnrolled };
  if (!nextStatuses(program, from).includes(to as ProgramStatus))
    return { ok: false, field: 'state', message: PARTNER_MESSAGES.notAllowed(from, to) };
  if (program.reasonRequired.includes(to as ProgramStatus) && !reason?.trim())
    return { ok: false, field: 'reason', message: PARTNER_MESSAGES.reasonRequired };
  return { ok: true };
}

/** A programme counts as active when its status is Active (panel.md §4). */
export const isActiveStatus = (status: string | null | undefined): boolean => status === 'Active';

/** The Partner's overall status shown in the grid: the most advanced of its programmes' statuses, or 'None'. */
export function partnerStatus(statuses: ReadonlyArray<string | null | undefined>): string {
  return STATUS_PRECEDENCE.find((s) => statuses.includes(s)) ?? NO_STATUS;
}

/** Which programme status a partner's overall status is, first found first. */
export const STATUS_PRECEDENCE: readonly ProgramStatus[] = ['Active', 'UnderReview', 'Suspended', 'Rejected', 'Terminated'];
export const NO_STATUS = 'None';
