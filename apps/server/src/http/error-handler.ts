import type { Envelope } from '@kaixiang/shared/envelope';
import { ERRORS, type ErrorKey, errorMessage } from '@kaixiang/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { protectionRefusalOf } from '../modules/protection/protection.refusal.ts';
import { AppError } from './app-error.ts';
import { requestLocale } from './locale.ts';

function send(
  req: FastifyRequest,
  reply: FastifyReply,
  key: ErrorKey,
  extra: Partial<Pick<Envelope<unknown>, 'data' | 'details' | 'msg'>> = {},
) {
  const { code, http } = ERRORS[key];
  const body: Envelope<unknown> = {
    code,
    data: extra.data ?? null,
    msg: extra.msg ?? errorMessage(key, requestLocale(req)),
    error: key,
  };
  if (extra.details) body.details = extra.details;
  return reply.status(http).send(body);
}

/** The one place errors become responses: the envelope of spec 1 §7/§8, in the player's language. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    if (error instanceof AppError) {
      return send(req, reply, error.key, {
        data: error.options.data,
        details: error.options.details,
        msg: error.options.msg,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: `${error.validationContext ?? ''}${v.instancePath || ''}`.replace(/\//g, '.'),
        message: v.message ?? 'invalid',
      }));
      return send(req, reply, 'VALIDATION_FAILED', { details });
    }
    // A stake the ledger refused for the player's own protection settings (a game never sees it).
    const refusal = protectionRefusalOf(error);
    if (refusal) return send(req, reply, refusal);
    const status = (error as FastifyError).statusCode;
    if (status === 413) return send(req, reply, 'PAYLOAD_TOO_LARGE');
    if (status === 429) return send(req, reply, 'RATE_LIMITED');
    if (status === 404) return send(req, reply, 'NOT_FOUND');
    if (status !== undefined && status >= 400 && status < 500) {
      // Malformed JSON, unsupported media type and the like: the client's fault, no details leaked.
      return send(req, reply, 'BAD_REQUEST');
    }
    req.log.error({ err: error }, 'unhandled error');
    return send(req, reply, 'INTERNAL');
  });
}

/** Errors Fastify raises before a route is found (its `frameworkErrors` option). */
export function frameworkError(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(req, reply, 'BAD_REQUEST');
  }
  req.log.error({ err: error }, 'unhandled framework error');
  return send(req, reply, 'INTERNAL');
}

export function apiNotFound(req: FastifyRequest, reply: FastifyReply) {
  return send(req, reply, 'NOT_FOUND');
}
