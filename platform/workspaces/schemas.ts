import Joi from 'joi';
import {
  FONT_NAME,
  INVITE_ROLES,
  isFontUrl,
  UPLOAD_SIZE_HINT,
  WORKSPACE_LIMITS,
  WORKSPACE_MESSAGES,
  WORKSPACE_RIGHTS,
  WORKSPACE_ROLES,
  type WorkspaceFont,
} from '../../shared/workspace-roles';
import { uidFields } from '../core/route-pieces';

/**
 * Joi schemas of the workspace routes (route validation and the OpenAPI document). Every body
 * may carry the caller's `Uid` (panel.md §7), which these routes ignore: they need a bearer token.
 */
export const workspaceRef = Joi.string()
  .max(100)
  .pattern(/^[A-Za-z0-9_-]+$/)
  .required()
  .description("the workspace's id, its altId, or 'default'");
export const workspaceParams = Joi.object({ id: workspaceRef });
const uuid = Joi.string().guid();
export const memberParams = Joi.object({ id: workspaceRef, memberId: uuid.required().description("the member's user id") });
export const invitationParams = Joi.object({ id: workspaceRef, invitationId: uuid.required() });
export const extensionParams = Joi.object({
  id: workspaceRef,
  extensionId: Joi.string()
    .max(60)
    .pattern(/^[a-z0-9-]+$/)
    .required(),
});

/**
 * A font as the settings form adds it (panel.md §5): a URL (font file or stylesheet) or a font
 * name; or `{ name, url? }`. The name of a URL is the stylesheet's `family` or the file's name.
 * Fonts are not fetched here: the shape is checked, the board loads them.
 */
export function fontFromText(text: string): WorkspaceFont | null {
  const value = text.trim();
  if (!isFontUrl(value)) return FONT_NAME.test(value) && value.length <= WORKSPACE_LIMITS.fontNameMax ? { name: value } : null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const family = url.searchParams.get('family')?.split(/[:|&]/)[0]?.replace(/\+/g, ' ').trim();
  const file = decodeURIComponent(url.pathname.split('/').pop() ?? '')
    .replace(/\.(woff2?|ttf|otf|eot|css)$/i, '')
    .trim();
  const name = family || file;
  return name && FONT_NAME.test(name) && name.length <= WORKSPACE_LIMITS.fontNameMax ? { name, url: value } : null;
}

const fontObject = Joi.object({
  name: Joi.string()
    .trim()
    .max(WORKSPACE_LIMITS.fontNameMax)
    .pattern(FONT_NAME)
    .required()
    .messages({ 'string.pattern.base': WORKSPACE_MESSAGES.fontInvalid }),
  url: Joi.string()
    .trim()
    .max(WORKSPACE_LIMITS.fontUrlMax)
    .uri({ scheme: ['http', 'https'] })
    .allow(null, '')
    .messages({ 'string.uri': WORKSPACE_MESSAGES.fontInvalid, 'string.uriCustomScheme': WORKSPACE_MESSAGES.fontInvalid }),
  /** set by the server when a font is added (POST …/fonts); what a client sends is ignored */
  src: Joi.any().strip(),
}).label('WorkspaceFont');

const fontItem = Joi.alternatives()
  .try(
    fontObject,
    Joi.string()
      .max(WORKSPACE_LIMITS.fontUrlMax)
      .custom((value: string, helpers) => fontFromText(value) ?? helpers.message({ custom: WORKSPACE_MESSAGES.fontInvalid })),
  )
  .messages({ 'alternatives.match': WORKSPACE_MESSAGES.fontInvalid });

const fontList = Joi.array().items(fontItem).max(WORKSPACE_LIMITS.fontsMax);

/** fonts: a list, or (form posts) the list as JSON text. */
const fonts = Joi.alternatives().try(
  fontList,
  Joi.string()
    .max(200_000)
    .custom((value: string, helpers) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return helpers.message({ custom: 'fonts must be a list of fonts (JSON in a form post)' });
      }
      const checked = fontList.validate(parsed);
      return checked.error
        ? helpers.message({ custom: checked.error.details[0]?.message ?? WORKSPACE_MESSAGES.fontInvalid })
        : checked.value;
    }),
);

// in the words of the settings form's labels (the field key stays the error's key, not its text)
const sizeMessages = {
  'number.base': `Max upload size must be a number ${UPLOAD_SIZE_HINT}`,
  'number.min': `Max upload size must be ${UPLOAD_SIZE_HINT}`,
  'number.max': `Max upload size must be ${UPLOAD_SIZE_HINT}`,
  'number.integer': `Max upload size must be a whole number ${UPLOAD_SIZE_HINT}`,
};
const zoom = (label: string) =>
  Joi.number()
    .integer()
    .min(WORKSPACE_LIMITS.zoomMin)
    .max(WORKSPACE_LIMITS.zoomMax)
    .messages({
      'number.base': `${label} must be a number between ${WORKSPACE_LIMITS.zoomMin} and ${WORKSPACE_LIMITS.zoomMax}`,
      'number.min': `${label} must be between ${WORKSPACE_LIMITS.zoomMin} and ${WORKSPACE_LIMITS.zoomMax}`,
      'number.max': `${label} must be between ${WORKSPACE_LIMITS.zoomMin} and ${WORKSPACE_LIMITS.zoomMax}`,
      'number.integer': `${label} must be a whole number between ${WORKSPACE_LIMITS.zoomMin} and ${WORKSPACE_LIMITS.zoomMax}`,
    });

export const newWorkspacePayload = Joi.object({
  name: Joi.string().allow('').max(WORKSPACE_LIMITS.nameMax).required(),
  ...uidFields,
}).label('NewWorkspace');

export const updateWorkspacePayload = Joi.object({
  name: Joi.string().allow('').max(WORKSPACE_LIMITS.nameMax),
  darkTheme: Joi.boolean().truthy('on').falsy('off'),
  maxUploadSize: Joi.number().integer().min(WORKSPACE_LIMITS.uploadMin).max(WORKSPACE_LIMITS.uploadMax).messages(sizeMessages),
  uploads: Joi.boolean().description("boards take pictures unless their own setting says otherwise (a board's 0)"),
  zoomLimitsMin: zoom('Minimum zoom'),
  zoomLimitsMax: zoom('Maximum zoom'),
  fonts,
  ...uidFields,
}).label('WorkspaceSettings');

export const invitePayload = Joi.object({
  email: Joi.string().trim().max(320).email({ tlds: false }).required(),
  role: Joi.string()
    .valid(...INVITE_ROLES)
    .required(),
  ...uidFields,
}).label('WorkspaceInvite');

export const rolePayload = Joi.object({
  role: Joi.string()
    .valid(...INVITE_ROLES)
    .required(),
  ...uidFields,
}).label('WorkspaceMemberRole');

export const togglePayload = Joi.object({ plugged: Joi.boolean().description('set this state; absent = toggle'), ...uidFields })
  .allow(null)
  .label('ExtensionToggle');

export const addFontPayload = Joi.object({
  font: Joi.string()
    .trim()
    .min(1)
    .max(WORKSPACE_LIMITS.fontUrlMax)
    .required()
    .description('a font name (looked up in the font service, case sensitive) or the http(s) URL of a font file or stylesheet'),
  ...uidFields,
}).label('AddFont');

export const fontFileParams = Joi.object({ fontId: Joi.string().guid().required(), n: Joi.number().integer().min(0).max(1000) });

export const acceptPayload = Joi.object({ token: Joi.string().trim().max(200).required(), ...uidFields }).label(
  'AcceptWorkspaceInvitation',
);

/* ---------------- answers ---------------- */

/** An object whose every key is sent (docs/api.md "Wire types"): `.optional()` marks the exceptions. */
const sent = (keys: Joi.PartialSchemaMap) => Joi.object(keys).prefs({ presence: 'required' });

export const workspaceView = sent({
  id: Joi.string(),
  altId: Joi.string(),
  name: Joi.string().allow(''),
  role: Joi.string().valid(...WORKSPACE_ROLES),
  isOwner: Joi.boolean(),
  isDefault: Joi.boolean(),
  numberOfBoards: Joi.number().integer(),
  // shared/workspace-roles workspaceConfigOf: every key, the defaults filled in
  config: sent({
    theme: Joi.string().valid('dark', 'light'),
    maxUploadSize: Joi.number(),
    uploads: Joi.boolean(),
    zoomLimits: Joi.array().items(Joi.number()).length(2),
    fonts: Joi.array().items(
      sent({
        name: Joi.string(),
        url: Joi.string().allow(null, '').optional(),
        src: Joi.string().allow(null, '').optional(),
      }).label('WorkspaceFontView'),
    ),
  }).label('WorkspaceConfig'),
  rights: Joi.array()
    .items(Joi.string().valid(...WORKSPACE_RIGHTS))
    .description("what the asker's role may do (shared/workspace-roles)"),
  ownerName: Joi.string().optional().description("whose workspace it is (in the list of the user's workspaces)"),
}).label('Workspace');

export const memberItem = sent({
  id: Joi.string().description("the member's user id"),
  name: Joi.string().allow(''),
  email: Joi.string(),
  role: Joi.string().valid(...WORKSPACE_ROLES),
  isSelf: Joi.boolean(),
  joinedAt: Joi.string(),
}).label('WorkspaceMember');

export const pendingItem = sent({
  id: Joi.string(),
  email: Joi.string(),
  role: Joi.string(),
  invitedAt: Joi.string(),
  expiresAt: Joi.string(),
  expired: Joi.boolean(),
}).label('PendingInvitation');

export const inviteAnswer = sent({
  id: Joi.string(),
  email: Joi.string(),
  role: Joi.string(),
  status: Joi.string(),
  expiresAt: Joi.string(),
  message: Joi.string(),
}).label('WorkspaceInvitation');

export const extensionView = sent({
  extensionId: Joi.string(),
  name: Joi.string(),
  title: Joi.string(),
  description: Joi.string(),
  plugged: Joi.boolean(),
}).label('Extension');

/** `{ id }`: what deleting or removing one thing answers. */
export const idAnswer = (label: string) => sent({ id: Joi.string() }).label(label);
