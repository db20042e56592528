import type { Db } from '../../db/client';
import type { ChangeBus } from '../../engine/changes';
import { UofAdapter, type Ingest } from './adapter';
import { UofConsumer, type Logger } from './consumer';
import { uofRecoveryApi } from './recovery-api';
import { uofFixtureApi } from './fixture-api';
import type { UofSettings } from './settings';

/** Starts the UOF adapter in this process: its consumer on the UOF exchange, its producers' watch. */
export async function startUof(settings: UofSettings, db: Db, ingest: Ingest, bus: ChangeBus, log: Logger): Promise<UofConsumer> {
  const adapter = new UofAdapter({
    db,
    ingest,
    bus,
    log,
    settings,
    requestRecovery: settings.apiUrl ? uofRecoveryApi(settings.apiUrl, settings.token) : null,
    fetchFixture: settings.apiUrl ? uofFixtureApi(settings.apiUrl, settings.token) : null,
  });
  return UofConsumer.start(settings, adapter, log);
}
