import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { COLOR_REGEX } from '../../shared/constants';
import { claimsOf } from '../core/auth';
import { boardCors } from '../core/cors';
import { currentUser } from '../accounts/api';
import type { Db } from '../db/index';

/** A signed-in user's board preferences (board.md §3 userConfig), sent with every board join. */
export interface UserConfig {
  keys: Array<{ c: string; k: string }>;
  snapToObject: boolean;
  colors: string[];
}

export const USER_CONFIG_LIMITS = { keys: 200, colors: 100, command: 50, key: 40 } as const;

const keyBinding = Joi.object({
  c: Joi.string()
    .pattern(/^[A-Za-z][A-Za-z0-9]*$/)
    .max(USER_CONFIG_LIMITS.command)
    .required(),
  // modifiers and one key joined by '+' (Ctrl+Shift+Z, Backquote, F2); empty = the command has no key
  k: Joi.string()
    .pattern(/^[\x21-\x7e]*$/)
    .max(USER_CONFIG_LIMITS.key)
    .allow('')
    .required(),
}).label('KeyBinding');

const configSchema = Joi.object({
  keys: Joi.array().items(keyBinding).max(USER_CONFIG_LIMITS.keys).unique('c'),
  snapToObject: Joi.boolean(),
  colors: Joi.array().items(Joi.string().pattern(COLOR_REGEX)).max(USER_CONFIG_LIMITS.colors),
})
  .or('keys', 'snapToObject', 'colors')
  .label('UserConfig');

const configResponse = Joi.object({
  keys: Joi.array().items(keyBinding).required(),
  snapToObject: Joi.boolean().required(),
  colors: Joi.array().items(Joi.string()).required(),
}).label('UserConfigSaved');

export function userConfigOf(stored: unknown): UserConfig {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<UserConfig>;
  return { keys: s.keys ?? [], snapToObject: s.snapToObject ?? false, colors: s.colors ?? [] };
}

/** Merges the given parts (keys, snapToObject, colors) into the stored config; the others stay. */
export async function saveUserConfig(db: Db, userId: string, changes: Partial<UserConfig>): Promise<UserConfig> {
  return db.transaction(async (trx) => {
    const row = await trx('users').where({ id: userId }).forUpdate().first('config');
    const next = { ...userConfigOf(row?.config), ...changes };
    await trx('users')
      .where({ id: userId })
      .update({ config: JSON.stringify(next) });
    return next;
  });
}

export const userConfigRoutes: ServerRoute[] = [
  {
    method: 'PUT',
    path: '/api/users/configs',
    options: {
      auth: 'jwt',
      // called by the board (colours, snap, key bindings), which may run on another origin
      cors: boardCors,
      tags: ['api', 'users'],
      description: "Save the signed-in user's board preferences: {config:{keys}}, {config:{snapToObject}} or {config:{colors}}",
      notes: 'Parts not given keep their stored value. keys: [{c command, k key string}] (board.md §3); guests keep theirs in the page.',
      // Uid: the SDK's board calls carry the visitor's uid; the bearer token decides who asks
      validate: { payload: Joi.object({ config: configSchema.required(), Uid: Joi.string().max(200).strip() }).label('UserConfigUpdate') },
      response: { schema: configResponse },
    },
    async handler(request) {
      const user = await currentUser(request.server.app, claimsOf(request)!.sub);
      return saveUserConfig(request.server.app.db, user.id, (request.payload as { config: Partial<UserConfig> }).config);
    },
  },
];
