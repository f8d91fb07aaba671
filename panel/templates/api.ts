import type * as Wire from '../../shared/wire';
import { http } from '../../ui';

/**
 * The /templates page's calls (board.md §3 "Template", §7; platform/templates answers them):
 * the built-in catalogue (GET /api/boards/templates with the spec's `Group` and `Search`), the
 * custom templates of a workspace (GET /api/boards/custom-templates?Workspace=<altId>), and the
 * new board a template goes on (POST /api/boards: the call behind the panel's 'New board').
 */

/**
 * A card of the catalogue: a built-in template (type 1) or a custom one (type 2), as the two lists
 * answer them (shared/wire.ts: the server's response schemas; the spec spells the summary `summery`).
 */
export type TemplateCard = Wire.TemplateListItem | Wire.CustomTemplateItem;

/** The page's group filter: the server's groups, plus the current workspace's own templates. */
export type TemplateGroup = 'all' | 'template' | 'buildingBlock' | 'mine';

export const TEMPLATE_GROUPS: ReadonlyArray<{ value: TemplateGroup; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'template', label: 'Templates' },
  { value: 'buildingBlock', label: 'Building blocks' },
  { value: 'mine', label: 'My templates' },
];

/** board.md §9: the template search is debounced 500 ms (the board's dialog waits as long). */
export const SEARCH_DEBOUNCE_MS = 500;

/** Texts of the page (panel.md §2 "/templates"; shared/messages.ts has the board's 'Use Template'). */
export const TEMPLATE_TEXTS = {
  searchLabel: 'Search templates',
  groupsLabel: 'Show',
  workspaceLabel: 'Workspace',
  loading: 'Loading templates…',
  loadFailed: 'The templates could not be loaded.',
  noMatch: (text: string) => `No templates match “${text}”.`,
  noneInGroup: 'There are no templates here yet.',
  noneOwn: 'Templates saved from a board of this workspace, and those shared with it, show up here.',
  newBadge: 'New',
  customBadge: 'Custom',
  sharedBadge: 'Shared',
  hasOptions: 'You can change its options on the board: choose Templates in the board menu.',
  creating: 'Creating your board…',
  newBoardIn: (workspace: string) => `The board is created in ${workspace}.`,
} as const;

/** Whether a card matches the typed text (the custom list is filtered here; the server searches the built-in one). */
export function matches(card: TemplateCard, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [card.name, card.title, card.summery].some((s) => (s ?? '').toLowerCase().includes(needle));
}

export const templatesApi = {
  /** the built-in catalogue; `group` all, template or buildingBlock */
  list: (group: Exclude<TemplateGroup, 'mine'>, search: string, signal?: AbortSignal) =>
    http.get<Wire.TemplateList>('/api/boards/templates', { Group: group, Search: search.trim() || undefined }, { signal }),
  /** the caller's own templates and those shared with the workspace (its altId); `silent`: no toasts, no login redirect */
  custom: (workspaceAltId: string, signal?: AbortSignal, silent = false) =>
    http.get<Wire.CustomTemplateList>('/api/boards/custom-templates', { Workspace: workspaceAltId }, { signal, silent }),
  /** a new board in the workspace (its id), as the panel's 'New board' makes it (/board/{workspace}/new) */
  newBoard: (workspace: string) => {
    let timeZone: string | undefined;
    try {
      timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
    } catch {
      timeZone = undefined;
    }
    return http.post<Wire.CreatedBoard>('/api/boards', { workspace, ...(timeZone ? { timeZone } : {}) });
  },
};

/** The board page inserts `?template=<name>` once it is joined with edit rights (board.md §2; T2's board side). */
export const boardWithTemplate = (code: string, name: string) => `/board/${encodeURIComponent(code)}?template=${encodeURIComponent(name)}`;
