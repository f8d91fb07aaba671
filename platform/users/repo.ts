import type { Knex } from 'knex';
import { UUID_REGEX } from '../../shared/constants';
import type { Db } from '../db/index';

/** A row of `users` (001_accounts). Other domains read users through these functions. */
export interface UserRow {
  id: string;
  username: string;
  password_hash: string | null;
  display_name: string;
  avatar: string | null;
  language: string;
  role_code: number;
  roles: string[];
  tags: string[];
  plan: string;
  qty: number;
  security_stamp: string;
  is_active: boolean;
  created_at: Date;
  last_online_at: Date | null;
}

type Conn = Db | Knex.Transaction;

/** Usernames are e-mails, stored trimmed and lower-cased (unique on lower(username)). */
export const normalizeUsername = (username: string): string => username.trim().toLowerCase();

export const isUuid = (value: string): boolean => UUID_REGEX.test(value);

export async function findUserById(db: Conn, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db('users').where({ id }).first();
}

export async function findUserByUsername(db: Conn, username: string): Promise<UserRow | undefined> {
  return db('users')
    .whereRaw('lower(username) = ?', [normalizeUsername(username)])
    .first();
}

export async function insertUser(
  db: Conn,
  user: { username: string; passwordHash: string | null; displayName?: string },
): Promise<UserRow> {
  const [row] = await db('users')
    .insert({
      username: normalizeUsername(user.username),
      password_hash: user.passwordHash,
      display_name: (user.displayName ?? '').slice(0, 100),
    })
    .returning('*');
  return row as UserRow;
}

export async function updateUser(db: Conn, id: string, changes: Partial<Omit<UserRow, 'id' | 'created_at'>>): Promise<UserRow> {
  const [row] = await db('users').where({ id }).update(changes).returning('*');
  return row as UserRow;
}

export async function touchLastOnline(db: Conn, id: string): Promise<void> {
  await db('users').where({ id }).update({ last_online_at: db.fn.now() });
}

/** True when the error is PostgreSQL's unique violation (23505). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '23505';
}

export interface UserImageRow {
  user_id: string;
  content_type: string;
  bytes: Buffer;
  width: number;
  height: number;
  updated_at: Date;
}

export async function findUserImage(db: Conn, userId: string): Promise<UserImageRow | undefined> {
  if (!isUuid(userId)) return undefined;
  return db('user_images').where({ user_id: userId }).first();
}

export async function saveUserImage(
  db: Conn,
  image: { userId: string; contentType: string; bytes: Buffer; width: number; height: number },
): Promise<void> {
  await db('user_images')
    .insert({ user_id: image.userId, content_type: image.contentType, bytes: image.bytes, width: image.width, height: image.height })
    .onConflict('user_id')
    .merge({ content_type: image.contentType, bytes: image.bytes, width: image.width, height: image.height, updated_at: db.fn.now() });
}

export async function deleteUserImage(db: Conn, userId: string): Promise<void> {
  await db('user_images').where({ user_id: userId }).delete();
}
