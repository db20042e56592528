import { describe, expect, it } from 'vitest';
import type { ChangeNotice } from './engine';
import { readChangeStream, readNotice } from './change-stream';

const notice = (over: Partial<ChangeNotice> = {}): ChangeNotice => ({
  seq: 3,
  match_id: 7,
  topics: ['feed', 'offers'],
  offer_ids: [41],
  delivery_ids: [],
  event_ids: [],
  reset: false,
  at: '2026-12-03T12:00:00.000Z',
  ...over,
});

/** A body that delivers `text` in pieces of `size` bytes (lines and characters cut anywhere). */
async function* pieces(text: string, size: number): AsyncIterable<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('readChangeStream', () => {
  const stream = [
    'retry: 2000\n: connected\nid: abc.0\n\n',
    `id: abc.1\nevent: change\ndata: ${JSON.stringify(notice())}\n\n`,
    ': ping\n\n',
    'event: other\ndata: {"seq":1}\n\n',
    'id: abc.2\nevent: change\ndata: {not json\n\n',
    `id: abc.3\r\nevent: change\r\ndata: ${JSON.stringify({ ...notice(), topics: ['weather'] })}\r\n\r\n`,
    // A notice about no match (a logout): match_id 0.
    `id: abc.4\nevent: change\ndata: ${JSON.stringify(notice({ match_id: 0, topics: [], offer_ids: [], revoked_tokens: ['a'.repeat(64)] }))}\n\n`,
  ].join('');

  it.each([1, 7, 4096])('reads notices, positions and problems the same in pieces of %i bytes', async (size) => {
    const seen: string[] = [];
    let activity = 0;
    await readChangeStream(pieces(stream, size), {
      notice: (n) => seen.push(`notice ${n.match_id} ${n.topics.join(',')}`),
      position: (id) => seen.push(`at ${id}`),
      invalid: (problem) => seen.push(`invalid ${problem.split(':')[0]}`),
      activity: () => activity++,
    });
    expect(seen).toEqual([
      'at abc.0',
      'at abc.1',
      'notice 7 feed,offers',
      'at abc.2',
      'invalid not JSON',
      'at abc.3',
      'invalid not a change notice',
      'at abc.4',
      'notice 0 ',
    ]);
    expect(activity).toBe(Math.ceil(new TextEncoder().encode(stream).length / size));
  });
});

describe('readNotice', () => {
  it('says where a notice breaks the schema', () => {
    expect(readNotice(JSON.stringify(notice()))).toEqual({ notice: notice() });
    expect(readNotice(JSON.stringify({ ...notice(), offer_ids: ['41'] }))).toEqual({ problem: expect.stringMatching(/^not a change notice: \/offer_ids\/0 /) });
    expect(readNotice(JSON.stringify({ ...notice(), match_id: -1 }))).toEqual({ problem: expect.stringMatching(/^not a change notice: \/match_id /) });
  });
});
