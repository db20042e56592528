import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUpstream, type TestUpstream } from './testing';

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await createTestUpstream();
});
afterAll(() => upstream.close());

describe('upstream /metrics', () => {
  it('has the standard process metrics and the time to answer by route, and stays out of the API document', async () => {
    await upstream.app.inject({ url: '/api/1/providers', headers: { authorization: `Token ${await upstream.login()}` } });
    const reply = await upstream.app.inject('/metrics');
    expect(reply.statusCode).toBe(200);
    for (const name of ['process_cpu_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds'])
      expect(reply.body, name).toMatch(new RegExp(`^${name} `, 'm'));
    expect(reply.body).toMatch(/^upstream_http_request_duration_seconds_count\{method="GET",route="\/api\/1\/providers",status="200"\} 1$/m);
    const doc = (await upstream.app.inject('/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });
});
