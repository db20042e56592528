import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startTestIdp } from './oidc-idp';

/**
 * `npm run oidc:fake`: the tests' identity provider (panva's oidc-provider, in memory) on loopback,
 * for staging and local runs of the sign-in through an identity provider (docs/sso.md). It is a
 * stand-in of the company's directory, not one: three users with passwords made at each start and
 * the groups the console's mapping can give roles to. It prints the console's settings.
 *
 *   npm run oidc:fake -- [--port 19301] [--console http://localhost:8080 ...]
 */
const { values } = parseArgs({
  options: { port: { type: 'string', default: '19301' }, console: { type: 'string', multiple: true }, host: { type: 'string', default: '127.0.0.1' } },
});
const consoles = values.console?.length ? values.console.map((url) => url.replace(/\/+$/, '')) : ['http://localhost:8080'];
const password = () => randomBytes(9).toString('base64url');
const users = [
  { id: 'admin', email: 'admin@example.com', name: 'Staging Admin', password: password(), groups: ['console-admins'] },
  { id: 'editor', email: 'editor@example.com', name: 'Staging Editor', password: password(), groups: ['console-editors'] },
  { id: 'viewer', email: 'viewer@example.com', name: 'Staging Viewer', password: password(), groups: ['console-viewers'] },
];
const idp = await startTestIdp({ consoles, users, port: Number(values.port), host: values.host });

console.log(`Local identity provider (a stand-in for staging and tests) at ${idp.issuer}, for ${consoles.join(', ')}`);
console.log('\nSettings for the console (api process):');
for (const line of [
  `OIDC_ISSUER_URL=${idp.issuer}`,
  `OIDC_CLIENT_ID=${idp.clientId}`,
  `OIDC_CLIENT_SECRET=${idp.clientSecret}`,
  'OIDC_SCOPES=openid email profile groups',
  'OIDC_DISPLAY_NAME=Local IdP',
])
  console.log(`  ${line}`);
console.log('\nUsers (username or email, password, groups):');
for (const user of users) console.log(`  ${user.id} / ${user.email}  ${user.password}  ${user.groups.join(', ')}`);
console.log('\nMap the groups on Operators → Identity provider groups (console-admins → admin, …). Ctrl-C stops it.');

const stop = async () => {
  await idp.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
