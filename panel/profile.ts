/** Profile role codes (job category), panel.md §3; 100 Others is the default. */
export const PROFILE_ROLES = [
  { value: 1, label: 'Facilitator' },
  { value: 2, label: 'Designer' },
  { value: 3, label: 'Project Manager' },
  { value: 5, label: 'Software Developer' },
  { value: 6, label: 'Marketing and Sales' },
  { value: 7, label: 'Management' },
  { value: 8, label: 'Teacher/Educator' },
  { value: 9, label: 'Student' },
  { value: 10, label: 'Consultant' },
  { value: 100, label: 'Others' },
] as const;

export const DEFAULT_PROFILE_ROLE = 100;

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'fa', label: 'Persian' },
] as const;

/** The preferred-language select shows only to beta testers in the Tehran time zone (panel.md §2, §6). */
export function showsLanguage(roles: string[] | undefined, timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone): boolean {
  return Boolean(roles?.some((r) => r.toLowerCase() === 'beta-tester')) && timeZone === 'Asia/Tehran';
}
