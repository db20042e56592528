import { describe, expect, it } from 'vitest';
import { isDatabaseOutage } from './outage';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** How drizzle hands a driver's error on: a query error whose cause is the driver's. */
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isDatabaseOutage', () => {
  it('knows a refused, cut or closed database, also when drizzle wraps the error', () => {
    for (const error of [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('sorry, too many clients already', '53300'),
      withCode('connection failure', '08006'),
      new Error('PGlite is closed'),
    ]) {
      expect(isDatabaseOutage(error), error.message).toBe(true);
      expect(isDatabaseOutage(wrapped(error)), `wrapped ${error.message}`).toBe(true);
    }
  });

  it('leaves a wrong query, a broken rule or a bug a 500', () => {
    for (const error of [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('syntax error at or near "selec"', '42601'),
      withCode('canceling statement due to statement timeout', '57014'),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      wrapped(withCode('value too long', '22001')),
      'a string',
    ]) {
      expect(isDatabaseOutage(error)).toBe(false);
    }
  });
});
