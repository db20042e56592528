import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlainLiveClient } from '../support/live-client';
import { loginThrough, startStack, type Stack } from '../support/stack';

/** Hostile input at the relay that used to end in a 500 or no answer at all. */
let stack: Stack;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  token = await loginThrough(stack.url);
});
afterAll(async () => stack?.close());

describe('malformed percent-escapes', () => {
  it.each(['%ff', '%C0%AF', '%ED%A0%80'])('a query holding %s gets 400 with a plain message, token or not (a 500 before)', async (malformed) => {
    for (const headers of [{}, { authorization: `Token ${token}` }] as Record<string, string>[]) {
      const response = await fetch(`${stack.url}/api/1/1/1/matches?q=${malformed}`, { headers });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        code: 'BAD_ESCAPE',
        message: 'The address holds a malformed percent-escape (such as %ff): escape text as UTF-8.',
      });
    }
  });

  it('a well-formed escape still goes through', async () => {
    const response = await fetch(`${stack.url}/api/1/1/1/matches?q=%C3%A9`, { headers: { authorization: `Token ${token}` } });
    expect(response.status).toBe(200);
  });
});

describe('/live messages that are not objects', () => {
  it.each(['null', '42', '"watch"', '[]', 'true'])('%s gets the "Unknown message" error (a TypeError and no reply before)', async (text) => {
    const client = await PlainLiveClient.open(stack.url, token);
    try {
      await client.next((message) => message.event === 'hello');
      client.ws.send(text);
      const error = await client.next((message) => message.event === 'error', 5_000);
      expect((error as { data: { message: string } }).data.message).toMatch(/^Unknown message: /);
    } finally {
      client.close();
    }
  });
});
