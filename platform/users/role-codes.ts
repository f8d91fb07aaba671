/** Job categories of the profile's role select (panel.md §3); 100 (Others) is the default. */
export const ROLE_CODES = {
  1: 'Facilitator',
  2: 'Designer',
  3: 'Project Manager',
  5: 'Software Developer',
  6: 'Marketing and Sales',
  7: 'Management',
  8: 'Teacher/Educator',
  9: 'Student',
  10: 'Consultant',
  100: 'Others',
} as const;
