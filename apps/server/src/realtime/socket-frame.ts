import { type ClientFrame, ERR_NOT_LOGGED_IN } from '@kaixiang/shared/socket';

/**
 * Parsing of client frames. A frame is untrusted input from the internet: everything is checked
 * here, so the hub only ever sees one of the four shapes the protocol defines.
 */

/** Largest client frame accepted; give the same number to the websocket plugin as `maxPayload`. */
export const SOCKET_MAX_PAYLOAD_BYTES = 16 * 1024;

/** Longer room names than this are never valid (the longest pattern is about 25 characters). */
const MAX_ROOM_LENGTH = 64;
/** Access tokens are a few hundred bytes; a longer one is not worth an HMAC. */
const MAX_TOKEN_LENGTH = 1024;

/** ERR replies. `msg` is what the client shows; `code` is what tests and clients match on. */
export const SOCKET_ERRORS = {
  NOT_LOGGED_IN: { code: 'NOT_LOGGED_IN', msg: ERR_NOT_LOGGED_IN },
  BAD_FRAME: { code: 'BAD_FRAME', msg: 'frame must be JSON {type, data}' },
  UNKNOWN_TYPE: { code: 'UNKNOWN_TYPE', msg: 'unknown message type' },
  UNKNOWN_ROOM: { code: 'UNKNOWN_ROOM', msg: 'unknown room' },
  FORBIDDEN_ROOM: { code: 'FORBIDDEN_ROOM', msg: 'forbidden room' },
  TOO_MANY_ROOMS: { code: 'TOO_MANY_ROOMS', msg: 'too many rooms' },
  INTERNAL: { code: 'INTERNAL', msg: 'server error, please retry' },
} as const satisfies Record<string, { code: string; msg: string }>;

export type SocketError = (typeof SOCKET_ERRORS)[keyof typeof SOCKET_ERRORS];

export type ParsedFrame = { ok: true; frame: ClientFrame } | { ok: false; error: SocketError };

const bad = (error: SocketError): ParsedFrame => ({ ok: false, error });

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function roomOf(data: unknown): string | null {
  if (!isRecord(data)) return null;
  const room = data.room;
  return typeof room === 'string' && room.length > 0 && room.length <= MAX_ROOM_LENGTH ? room : null;
}

export function parseClientFrame(text: string): ParsedFrame {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return bad(SOCKET_ERRORS.BAD_FRAME);
  }
  if (!isRecord(value) || typeof value.type !== 'string') return bad(SOCKET_ERRORS.BAD_FRAME);
  const { type, data } = value;
  switch (type) {
    case 'PING':
      return { ok: true, frame: { type, data } };
    case 'JOIN':
    case 'LEAVE': {
      const room = roomOf(data);
      return room === null ? bad(SOCKET_ERRORS.BAD_FRAME) : { ok: true, frame: { type, data: { room } } };
    }
    case 'LOGIN': {
      // A malformed LOGIN is still a failed login: the client only understands 'user not login'.
      if (!isRecord(data)) return bad(SOCKET_ERRORS.NOT_LOGGED_IN);
      const { token, user_id } = data;
      if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
        return bad(SOCKET_ERRORS.NOT_LOGGED_IN);
      }
      if (typeof user_id !== 'string' && typeof user_id !== 'number') return bad(SOCKET_ERRORS.NOT_LOGGED_IN);
      return { ok: true, frame: { type, data: { token, user_id } } };
    }
    default:
      return bad(SOCKET_ERRORS.UNKNOWN_TYPE);
  }
}

/**
 * The user id a LOGIN claims. The web client sends it from a cookie, so it may be a string; only
 * a canonical positive integer counts ("007" or "7.0" would let two spellings name one user).
 */
export function claimedUserId(raw: number | string): number | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : null;
}
