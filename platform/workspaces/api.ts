/**
 * What other domains may use of workspaces (docs/architecture.md "Domains and their api.ts"): the
 * workspace a board or a user belongs to, the asker's role in it, its unplugged extensions (and the
 * operators' reconciliation of the stored choices with the catalogue), and a workspace named by
 * reference (its joi and its lookup). Exposed too as `server.plugins.workspaces`.
 */
export { resolveWorkspace } from './ref';
export { workspaceRef } from './schemas';
export {
  ensureDefaultWorkspace,
  findWorkspaceById,
  isUuid,
  reconcileExtensions,
  unpluggedExtensions,
  workspaceForUser,
  workspaceRoleOf,
  type ExtensionsReconciled,
  type WorkspaceRow,
} from './repo';
