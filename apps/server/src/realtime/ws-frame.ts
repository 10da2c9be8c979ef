import type { Writable } from 'node:stream';
import type { WebSocket } from 'ws';

/**
 * One room event goes to thousands of sockets as the same bytes. `ws.send` frames every call
 * afresh (the text encoded to UTF-8 again, a header buffer, a cork and two writes per socket); a
 * frame built once per event and written to each socket as one buffer takes about a quarter less
 * CPU per socket (bench/socket-fanout.ts, docs/platform.md "Realtime").
 */
export interface TextFrame {
  readonly text: string;
  /** The whole WebSocket frame: final, text, unmasked as server frames are (RFC 6455 §5.2). */
  readonly wire: Buffer;
}

export function textFrame(text: string): TextFrame {
  const length = Buffer.byteLength(text);
  const head = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(head + length);
  wire[0] = 0x81; // FIN + opcode 1 (text)
  if (head === 2) {
    wire[1] = length;
  } else if (head === 4) {
    wire[1] = 126;
    wire.writeUInt16BE(length, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(length), 2);
  }
  wire.write(text, head, 'utf8');
  return { text, wire };
}

/**
 * ws keeps the TCP socket in a private field; writing pre-framed data to it is how ws's own
 * maintainers answer broadcasts (websockets/ws#617, the reason `Sender.frame` is static). ws 8 is
 * pinned in apps/server/package.json.
 */
interface WsInternals {
  _socket?: Writable | null;
}

/**
 * Writes a prebuilt frame to an open socket. Without compression ws writes every frame straight
 * to the TCP socket, so this keeps order with `ws.send`; with permessage-deflate negotiated ws
 * compresses and may queue, so the frame goes through `ws.send` (the hub never negotiates it).
 */
export function sendTextFrame(ws: WebSocket, frame: TextFrame): void {
  const socket = (ws as unknown as WsInternals)._socket;
  if (!socket || ws.extensions !== '') {
    ws.send(frame.text);
    return;
  }
  socket.write(frame.wire);
}
