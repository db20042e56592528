import { Type } from 'typebox';
import { IdParam } from '../common';
import { CatalogSyncRequest, CatalogSyncStatus, CatalogSyncTournament, TournamentUrn } from '../entities/catalog-sync';
import { defineRoute } from './define';

const ProviderParams = Type.Object({ providerId: IdParam });
const TournamentParams = Type.Object({ providerId: IdParam, tournament: TournamentUrn });

/** The catalog sync from the UOF Sports API (docs/catalog.md): its panel, the tournaments opted in, Sync now. */
export const catalogSyncRoutes = {
  catalogSync: defineRoute({
    method: 'GET',
    path: '/api/1/catalog-sync/:providerId',
    service: 'control',
    summary: "The provider's catalog sync: tournaments opted in, who holds the sync, last runs with what they created, updated and skipped (and why), errors.",
    params: ProviderParams,
    reply: CatalogSyncStatus,
  }),
  catalogSyncTournamentAdd: defineRoute({
    method: 'PUT',
    path: '/api/1/catalog-sync/:providerId/tournaments/:tournament',
    service: 'control',
    summary: 'Admins only: opt a UOF tournament in for the provider (its leagues, seasons, teams and matches are synced from then on).',
    params: TournamentParams,
    reply: CatalogSyncTournament,
  }),
  catalogSyncTournamentRemove: defineRoute({
    method: 'DELETE',
    path: '/api/1/catalog-sync/:providerId/tournaments/:tournament',
    service: 'control',
    summary: 'Admins only: stop syncing a tournament (what was synced stays, marked synced; 404 when it was not opted in).',
    params: TournamentParams,
    reply: CatalogSyncTournament,
  }),
  catalogSyncNow: defineRoute({
    method: 'POST',
    path: '/api/1/catalog-sync/:providerId/run',
    service: 'control',
    summary: 'Admins only: Sync now (the horizon and the live schedule); asked again while one waits, it answers the same request.',
    params: ProviderParams,
    reply: CatalogSyncRequest,
  }),
};
