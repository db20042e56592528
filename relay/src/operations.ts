import type { FastifyInstance } from 'fastify';
import { registerApiDocs, type ApiDocsAccess } from './api-docs';
import type { UpstreamClient } from './upstream';

/** What the relay offers to run it day to day besides /healthz and /metrics: the API's docs at /api/docs (API_DOCS). */
export async function registerOperations(app: FastifyInstance, upstream: UpstreamClient, apiDocs?: ApiDocsAccess): Promise<void> {
  await registerApiDocs(app, { upstream, ...(apiDocs && { access: apiDocs }) });
}
