/**
 * What other domains may use of workspaces (docs/architecture.md "Domains and their api.ts"): the
 * workspace a board or a user belongs to, the asker's role in it, its unplugged extensions, and a
 * workspace named by reference (its joi and its lookup). Exposed too as `server.plugins.workspaces`.
 */
export { resolveWorkspace } from './ref';
export { workspaceRef } from './schemas';
export {
  ensureDefaultWorkspace,
  findWorkspaceById,
  isUuid,
  unpluggedExtensions,
  workspaceForUser,
  workspaceRoleOf,
  type WorkspaceRow,
} from './repo';
