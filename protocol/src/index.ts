export * from './common';
export * from './entities/auth';
export * from './entities/provider';
export * from './entities/league';
export * from './entities/match';
export * from './routes/index';
export * from './live';
