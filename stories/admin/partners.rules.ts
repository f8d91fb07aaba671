import { PROGRAMS, nextStatuses } from '../../shared/partners/programs';
import type { PartnerType } from '../../shared/partners/types';

export { checkTransition, nextStatuses, partnerStatus, programOf } from '../../shared/partners/programs';

/** One type per programme from `{ code: status }` (the server's platform/partners/repo typesOf). */
export function typesOfStatuses(statuses: Record<string, string>): PartnerType[] {
  return PROGRAMS.map((p) => ({
    code: p.code,
    name: p.name,
    status: statuses[p.code] ?? null,
    nextStatuses: nextStatuses(p, statuses[p.code]),
    reason: null,
  }));
}
