import type { Db } from '../../db/client';
import type { ChangeBus } from '../../notices/bus';
import { UofAdapter, type Ingest } from './adapter';
import { UofConsumer, type Logger } from './consumer';
import type { ConnectionOptions } from './connection';
import type { GroupsOf } from './market-groups';
import { FALLBACK_PRODUCERS, uofProducersApi } from './producer-list';
import { uofRecoveryApi } from './recovery-api';
import { uofFixtureApi } from './fixture-api';
import type { UofSettings } from './settings';
import { UofStatus } from './status';

/**
 * Starts the UOF adapter in this process: the producer list (producers.xml, else the vendor's
 * built-in list), its consumer on the UOF exchange, its producers' watch. Never throws for the
 * broker or the API being away: the connection keeps trying in the background.
 */
export async function startUof(
  settings: UofSettings,
  db: Db,
  ingest: Ingest,
  bus: ChangeBus,
  log: Logger,
  status = new UofStatus(),
  options: ConnectionOptions & { groupsOf?: GroupsOf } = {},
): Promise<UofConsumer> {
  let producers = FALLBACK_PRODUCERS;
  if (settings.apiUrl) {
    try {
      producers = await uofProducersApi(settings.apiUrl, settings.token)();
      log.info({ producers: [...producers.keys()] }, 'UOF producer list read');
    } catch (error) {
      log.warn({ err: error }, 'UOF producers.xml not read; the built-in list is used');
    }
  }
  const pathOf = (id: number) => adapter.producers.info(id).path;
  const adapter: UofAdapter = new UofAdapter({
    db,
    ingest,
    bus,
    log,
    settings,
    requestRecovery: settings.apiUrl ? uofRecoveryApi(settings.apiUrl, settings.token, pathOf) : null,
    fetchFixture: settings.apiUrl ? uofFixtureApi(settings.apiUrl, settings.token) : null,
    ...(options.groupsOf && { groupsOf: options.groupsOf }),
  });
  adapter.producers.describe(producers);
  return UofConsumer.start(settings, adapter, log, status, options);
}
