import { describe, expect, it } from 'vitest';
import { roomAccess } from './socket.ts';

describe('roomAccess', () => {
  it('lets only the owner into a user room', () => {
    expect(roomAccess('user:7', 7)).toBe('own-user');
    expect(roomAccess('user:7', 8)).toBe('other-user');
    expect(roomAccess('user:7', null)).toBe('other-user');
  });
  it('knows the public rooms and refuses the rest', () => {
    expect(roomAccess('roulette:hall', null)).toBe('public');
    expect(roomAccess('battle:42', null)).toBe('public');
    expect(roomAccess('treasure:hall', null)).toBe('public');
    expect(roomAccess('treasure:42', null)).toBe('public');
    expect(roomAccess('treasure:042', null)).toBe('unknown');
    expect(roomAccess('internal:ledger', 7)).toBe('unknown');
    expect(roomAccess('user:7x', 7)).toBe('unknown');
    expect(roomAccess('user:007', 7)).toBe('unknown');
    expect(roomAccess('battle:007', 7)).toBe('unknown');
  });
});
