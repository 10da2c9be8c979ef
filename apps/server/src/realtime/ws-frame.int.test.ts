import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { sendTextFrame, textFrame } from './ws-frame.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn();
});

/** A ws server and client joined; resolves with the server's side and the texts the client receives. */
async function pair(perMessageDeflate: boolean): Promise<{ server: WebSocket; received: string[]; client: WebSocket }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate });
  await new Promise((r) => wss.once('listening', r));
  const connected = new Promise<WebSocket>((r) => wss.once('connection', r));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, { perMessageDeflate });
  const received: string[] = [];
  client.on('message', (raw, isBinary) => received.push(isBinary ? '(binary)' : String(raw)));
  await new Promise((r) => client.once('open', r));
  cleanups.push(() => {
    client.terminate();
    wss.close();
  });
  return { server: await connected, received, client };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}

describe('prebuilt text frames', () => {
  it('reach a ws client as the same text at every length encoding, in order with ws.send', async () => {
    const { server, received } = await pair(false);
    // 7-bit, 16-bit and 64-bit payload lengths, each side of their limits, in bytes not characters.
    const texts = [
      '',
      'a',
      'x'.repeat(125),
      'x'.repeat(126),
      '开箱'.repeat(21),
      'y'.repeat(65_535),
      'z'.repeat(65_536),
    ];
    for (const text of texts) {
      sendTextFrame(server, textFrame(text));
      server.send(`after ${text.length}`);
    }
    await until(() => received.length === texts.length * 2);
    expect(received).toEqual(texts.flatMap((t) => [t, `after ${t.length}`]));
  });

  it('go through ws.send when the connection compresses', async () => {
    const { server, received, client } = await pair(true);
    expect(client.extensions).toContain('permessage-deflate');
    const text = JSON.stringify({ type: 'reward_history', data: { name: 'AK-47 | 红线'.repeat(50) } });
    sendTextFrame(server, textFrame(text));
    await until(() => received.length === 1);
    expect(received).toEqual([text]);
  });
});
