/**
 * The plan policy names (board.md §6 "Policies by plan") and what a requirement is, apart from the
 * plan tables of ./policies.ts: the shape kinds' modules (shared/geometry/<kind>.ts `policies`)
 * name the policies their features need, and ./policies.ts reads the shape registry — both import
 * this module, which imports nothing.
 */

/** Every policy name. The `app-*` and short names are the flags the product uses. */
export const POLICY = {
  // beta-tester
  pasteLink: 'paste-link',
  dynamicBackground: 'dynamic-background',
  appAutomation: 'app-automation',
  customTemplates: 'custom-templates',
  tagBoards: 'tag-boards',
  attachLink: 'attach-link',
  // team and teamplus
  highlighterToolbox: 'highlighter-toolbox',
  lineType: 'line-linetype',
  connectorLines: 'connector-lines',
  autoArrange: 'auto-arrange',
  comments: 'app-comment',
  frames: 'app-frame',
  cursors: 'app-cursors',
  boardHistory: 'app-board-history',
  attention: 'app-attention',
  facilitatorRole: 'facilitator-role',
  exportSvg: 'export-svg',
  findPalette: 'find-palette',
  tagShapes: 'tag-shapes',
  arrangeShapes: 'arrange-shapes',
  protectedLock: 'protected-lock',
  customColors: 'custom-colors',
  filterSelected: 'filter-selected',
  snapToObject: 'snap-to-object',
  privateMode: 'private-mode',
  rotateShapes: 'rotate-shapes',
  backupBoards: 'backup-boards',
  // teamplus
  sharedTemplates: 'shared-templates',
  // white-label-api plan with a client claim
  apiWhiteLabel: 'api-white-label',
  // qty claim ≠ 1
  multiWorkspace: 'multi-workspace',
  // early_access plan: the rotation handle
  rotationHandle: 'rotation-handle',
} as const;
export type PolicyName = (typeof POLICY)[keyof typeof POLICY];
export const POLICY_NAMES: readonly PolicyName[] = Object.values(POLICY);

/** A requirement: any one of these policies allows it (rotation: rotate-shapes or the early_access handle). */
export type PolicyRequirement = readonly PolicyName[];
