import Joi from 'joi';
import { MESSAGES } from './messages';
import { passwordSchema, repeatSchema } from './passwords';

/**
 * Joi schemas of the accounts routes. Every body also carries the client's `Uid`
 * (panel.md §7); unknown keys are stripped rather than refused.
 */
export const body = (keys: Joi.PartialSchemaMap) => Joi.object(keys).options({ stripUnknown: true });

export const emailSchema = (requiredText: string, invalidText: string) =>
  Joi.string()
    .trim()
    .lowercase()
    .email({ tlds: { allow: false } })
    .max(320)
    .required()
    .messages({
      'any.required': requiredText,
      'string.empty': requiredText,
      'string.base': requiredText,
      'string.email': invalidText,
      'string.max': invalidText,
    });

export const signupPayload = body({
  username: emailSchema(MESSAGES.usernameRequired, MESSAGES.usernameEmail),
  password: passwordSchema('username'),
  repeatPassword: repeatSchema('password'),
  terms: Joi.boolean().valid(true).required().messages({
    'any.required': MESSAGES.termsRequired,
    'any.only': MESSAGES.termsRequired,
    'boolean.base': MESSAGES.termsRequired,
  }),
  invitation: Joi.string().max(200).allow('', null).description('the token of a board invitation link (its fragment), proving the mailbox'),
}).label('Signup');

export const signupResponse = Joi.object({
  message: Joi.string().required().description('the same answer whether or not the address already had an account'),
}).label('SignupResult');

export const loginPayload = body({
  username: Joi.string()
    .trim()
    .max(320)
    .required()
    .messages({ 'any.required': MESSAGES.usernameRequired, 'string.empty': MESSAGES.usernameRequired }),
  password: Joi.string()
    .max(1024)
    .required()
    .messages({ 'any.required': MESSAGES.passwordRequired, 'string.empty': MESSAGES.passwordRequired }),
}).label('Login');

export const sessionResponse = Joi.object({
  accessToken: Joi.string().required(),
  refreshToken: Joi.string().required(),
  id: Joi.string().required().description('the claim id the client keeps as its local user id'),
  expiresIn: Joi.number().integer().required().description('access-token lifetime, seconds'),
}).label('TokenSession');

export const refreshPayload = body({
  refreshToken: Joi.string().max(200).required(),
  accessToken: Joi.string().max(8192).allow('', null),
}).label('Refresh');

export const logoutPayload = body({
  refreshToken: Joi.string().max(200).allow('', null),
}).label('Logout');

export const recoveryRequestPayload = body({
  email: emailSchema(MESSAGES.emailRequired, MESSAGES.emailInvalid),
}).label('RecoveryRequest');

export const messageResponse = Joi.object({ message: Joi.string().required() }).label('RecoveryRequested');

export const resetPayload = body({
  password: passwordSchema('email'),
  confirmPassword: repeatSchema('password'),
  code: Joi.string().max(200).required().messages({
    'any.required': MESSAGES.recoveryInvalid,
    'string.empty': MESSAGES.recoveryInvalid,
    'string.max': MESSAGES.recoveryInvalid,
  }),
  email: Joi.string()
    .trim()
    .max(320)
    .required()
    .messages({ 'any.required': MESSAGES.emailRequired, 'string.empty': MESSAGES.emailRequired }),
}).label('PasswordReset');

export const changePasswordPayload = body({
  current: Joi.string().max(1024).allow('', null),
  password: passwordSchema(),
  confirmPassword: repeatSchema('password'),
}).label('ChangePassword');

export const uidQuery = Joi.object({ Uid: Joi.string().max(100).allow('') }).unknown(true);

export const validateResponse = Joi.object({
  id: Joi.string().required(),
  username: Joi.string().required(),
  displayName: Joi.string().allow('').required(),
  uidMatches: Joi.boolean().required().description("whether the Uid sent is this user's claim id"),
}).label('Validation');
