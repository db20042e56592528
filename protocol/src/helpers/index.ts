export * from './language';
export * from './line';
export * from './match-time';
export * from './numeric';
export * from './odds';
export * from './score';
export * from './result';
