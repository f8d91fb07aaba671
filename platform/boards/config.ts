import Boom from '@hapi/boom';
import {
  COMPRESSION,
  DEFAULT_DOWNSIZE,
  DOWNSIZE_SETTINGS,
  isColor,
  isValidBackground,
  UPLOAD_SETTING,
  type DownsizeSetting,
} from '../../shared/constants';
import { can, canChangeBackground, canSaveViewport, canSetPrivateMode, type Role } from '../../shared/permissions';
import { UNAUTHORIZED_ACCESS } from './access';
import { badRequest, type FieldErrors } from '../core/errors';
import type { BoardConfig } from './repo';

/** The settings every board starts with (upload 0 = the workspace's setting, not the spec's 2: shared/constants UPLOAD_SETTING). */
export const DEFAULT_BOARD_CONFIG: Required<BoardConfig> = {
  bg: 'none',
  bgColor: '#ffffff',
  upload: UPLOAD_SETTING.default,
  privateMode: { type: 0, blurry: false },
  viewport: null,
  downsize: DEFAULT_DOWNSIZE,
};

export function boardConfigOf(stored: BoardConfig | null | undefined): Required<BoardConfig> {
  return { ...DEFAULT_BOARD_CONFIG, ...(stored ?? {}) };
}

export type BoardConfigPatch = Partial<Pick<BoardConfig, 'bg' | 'bgColor' | 'upload' | 'privateMode' | 'viewport' | 'downsize'>>;

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Checks a hub `updateConfig` partial (board.md §5, §6): bg a known name or http url, bgColor
 * #RRGGBB, upload 0/1/2, privateMode {type 0|1, blurry (only when on)}, viewport {x, y, w, h}
 * or null; and who may change what: bg/bgColor, private mode and the saved viewport need Owner
 * or Facilitator, the upload setting needs edit_board. Returns the normalized patch.
 */
export function checkConfigPatch(role: Role, input: Record<string, unknown>): BoardConfigPatch {
  const errors: FieldErrors = {};
  const patch: BoardConfigPatch = {};
  const known = ['bg', 'bgColor', 'upload', 'privateMode', 'viewport', 'downsize'];
  for (const key of Object.keys(input))
    if (!known.includes(key) && key !== 'Uid' && key !== 'uid') errors[key] = [`"${key}" is not allowed`];
  if ('bg' in input) {
    if (isValidBackground(input.bg)) patch.bg = input.bg as string;
    else errors.bg = ['must be a known background or an http url'];
  }
  if ('bgColor' in input) {
    if (isColor(input.bgColor)) patch.bgColor = input.bgColor as string;
    else errors.bgColor = ['must be a colour #RRGGBB'];
  }
  if ('upload' in input) {
    if (input.upload === 0 || input.upload === 1 || input.upload === 2) patch.upload = input.upload;
    else errors.upload = ['must be one of 0, 1, 2'];
  }
  if ('privateMode' in input) {
    const pm = input.privateMode as { type?: unknown; blurry?: unknown } | null;
    const type = typeof pm?.type === 'boolean' ? Number(pm.type) : pm?.type;
    if (pm && typeof pm === 'object' && (type === 0 || type === 1) && (pm.blurry === undefined || typeof pm.blurry === 'boolean')) {
      patch.privateMode = { type, blurry: type === 1 && pm.blurry === true };
    } else errors.privateMode = ['must be {type: 0 or 1, blurry: boolean}'];
  }
  if ('viewport' in input) {
    const v = input.viewport as Record<string, unknown> | null;
    if (v === null) patch.viewport = null;
    else if (
      v &&
      typeof v === 'object' &&
      isFiniteNumber(v.x) &&
      isFiniteNumber(v.y) &&
      isFiniteNumber(v.w) &&
      isFiniteNumber(v.h) &&
      v.w > 0 &&
      v.h > 0
    ) {
      patch.viewport = { x: v.x, y: v.y, w: v.w, h: v.h };
    } else errors.viewport = ['must be {x, y, w, h} with a positive width and height'];
  }
  if ('downsize' in input) {
    const d = input.downsize as { option?: unknown; quality?: unknown } | null;
    const quality = d?.quality ?? null;
    if (
      d &&
      typeof d === 'object' &&
      (DOWNSIZE_SETTINGS as readonly unknown[]).includes(d.option) &&
      (quality === null || (Number.isInteger(quality) && (quality as number) >= COMPRESSION.min && (quality as number) <= COMPRESSION.max))
    ) {
      patch.downsize = { option: d.option as DownsizeSetting['option'], quality: quality as number | null };
    } else errors.downsize = [`must be {option: ${DOWNSIZE_SETTINGS.join(', ')}; quality: 1–100 or null}`];
  }
  const fields = Object.keys(errors);
  if (fields.length) throw badRequest(errors[fields[0]!]![0]!, errors);

  const allowed =
    // board.md §6: background, its colour and the image downsize settings are the Owner's and Facilitator's
    ((!('bg' in patch) && !('bgColor' in patch) && !('downsize' in patch)) || canChangeBackground(role)) &&
    (!('privateMode' in patch) || canSetPrivateMode(role)) &&
    (!('viewport' in patch) || canSaveViewport(role)) &&
    (!('upload' in patch) || can(role, 'edit_board'));
  if (!allowed) throw Boom.forbidden(UNAUTHORIZED_ACCESS);
  return patch;
}

/** Private mode is on (non-owners and non-facilitators then only see and edit their own shapes). */
export const isPrivateModeOn = (config: BoardConfig | null | undefined): boolean => (config?.privateMode?.type ?? 0) !== 0;
/** The blurry variant is on: restricted members also receive others' texts and sticky notes, blurred. */
export const isBlurryOn = (config: BoardConfig | null | undefined): boolean =>
  isPrivateModeOn(config) && config?.privateMode?.blurry === true;
