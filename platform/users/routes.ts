import Boom from '@hapi/boom';
import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { claimsOf } from '../core/auth';
import { fieldError } from '../core/errors';
import { currentUser } from '../accounts/api';
import { AVATAR_LIMITS, AVATAR_MESSAGES } from './avatar';
import { findUserImage } from './repo';
import { LANGUAGES, ROLE_CODES, profileOf, saveProfile, type ProfileInput } from './service';

const tags = ['api', 'users'];

const roleCodes = Object.keys(ROLE_CODES).map(Number);

const profileFields = {
  id: Joi.string().required(),
  username: Joi.string().required(),
  displayName: Joi.string().allow('').required(),
  avatar: Joi.string().allow(null).required().description('URL of GET /api/users/{userId}/images, or null'),
  language: Joi.string()
    .valid(...LANGUAGES)
    .required(),
  role: Joi.number()
    .integer()
    .required()
    .description(
      'job category: 1 Facilitator, 2 Designer, 3 Project Manager, 5 Software Developer, 6 Marketing and Sales, 7 Management, 8 Teacher/Educator, 9 Student, 10 Consultant, 100 Others',
    ),
  hasPassword: Joi.boolean().required(),
  roles: Joi.array().items(Joi.string()).required().description("platform roles: 'admin', 'beta-tester', 'partner'"),
  plan: Joi.string().required(),
};
const profileResponse = Joi.object(profileFields).label('Profile');
const savedProfileResponse = Joi.object({
  ...profileFields,
  accessToken: Joi.string().required(),
  expiresIn: Joi.number().integer().required(),
}).label('SavedProfile');

const profilePayload = Joi.object({
  displayName: Joi.string().trim().max(100).required().messages({
    'any.required': 'Display name is required.',
    'string.empty': 'Display name is required.',
    'string.max': 'Display name must be at most 100 characters.',
  }),
  avatar: Joi.string()
    .allow(null, '')
    .description('a data URL (PNG or JPEG) to replace the image; null or empty to remove it; omitted keeps it'),
  language: Joi.string()
    .valid(...LANGUAGES)
    .default('en')
    .messages({ 'any.only': 'Language must be en or fa.' }),
  role: Joi.number()
    .integer()
    .valid(...roleCodes)
    .default(100)
    .messages({ 'any.only': 'Unknown role.', 'number.base': 'Unknown role.' }),
})
  .options({ stripUnknown: true })
  .label('ProfileUpdate');

/** Room for a 2 MB image as base64 in JSON; anything bigger is answered as a too-large image. */
const PROFILE_MAX_BYTES = Math.ceil((AVATAR_LIMITS.maxBytes * 4) / 3) + 64 * 1024;

export const userRoutes: ServerRoute[] = [
  {
    method: 'GET',
    path: '/api/users/profile',
    options: { auth: 'jwt', tags, description: "The signed-in user's profile", response: { schema: profileResponse } },
    async handler(request) {
      const { db, config } = request.server.app;
      return profileOf(db, config, await currentUser(request.server.app, claimsOf(request)!.sub));
    },
  },
  {
    method: 'POST',
    path: '/api/users/profile',
    options: {
      auth: 'jwt',
      tags,
      description: 'Save the profile; answers it with a fresh access token',
      notes: `avatar: PNG or JPEG data URL, ≤ 2 MB, 16–${AVATAR_LIMITS.maxPx} px. Field errors under displayName, avatar, language, role.`,
      payload: {
        maxBytes: PROFILE_MAX_BYTES,
        failAction(_request, _h, err) {
          if (Boom.isBoom(err) && err.output.statusCode === 413) throw fieldError('avatar', AVATAR_MESSAGES.tooLarge);
          throw err ?? Boom.badRequest();
        },
      },
      validate: { payload: profilePayload },
      response: { schema: savedProfileResponse },
    },
    async handler(request) {
      const claims = claimsOf(request)!;
      const user = await currentUser(request.server.app, claims.sub);
      return saveProfile(request.server.app, user, request.payload as ProfileInput, { sid: claims.sid, exp: claims.exp });
    },
  },
  {
    method: 'GET',
    path: '/api/users/profile/security-stamp',
    options: {
      auth: 'jwt',
      tags,
      description: 'The security stamp: it changes whenever the password changes or is reset',
      response: { schema: Joi.object({ securityStamp: Joi.string().required() }).label('SecurityStamp') },
    },
    async handler(request) {
      const user = await currentUser(request.server.app, claimsOf(request)!.sub);
      return { securityStamp: user.security_stamp };
    },
  },
  {
    method: 'GET',
    path: '/api/users/{userId}/images',
    options: {
      auth: false,
      tags,
      description: "A user's profile image (public, for <img> tags); 404 when none",
      validate: { params: Joi.object({ userId: Joi.string().max(64).required() }) },
    },
    async handler(request, h) {
      const image = await findUserImage(request.server.app.db, (request.params as { userId: string }).userId);
      if (!image) throw Boom.notFound('No image.');
      return h
        .response(Buffer.from(image.bytes))
        .type(image.content_type)
        .header('cache-control', 'public, max-age=300')
        .header('content-security-policy', "default-src 'none'");
    },
  },
];
