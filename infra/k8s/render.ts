/**
 * `npm run k8s:render -- [--image IMAGE] [--namespace NS] [--public-url URL] [--redis-url URL]`:
 * writes the Kubernetes manifests (objects.ts) as one multi-document YAML on stdout, for
 * `kubectl apply -f -` or a GitOps repository. docs/kubernetes.md says what each object is.
 */
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { clusterObjects, DEFAULTS } from './objects';

const { values } = parseArgs({
  options: { image: { type: 'string' }, namespace: { type: 'string' }, 'public-url': { type: 'string' }, 'redis-url': { type: 'string' } },
});
const objects = clusterObjects({
  ...DEFAULTS,
  image: values.image ?? DEFAULTS.image,
  namespace: values.namespace ?? DEFAULTS.namespace,
  publicUrl: values['public-url'] ?? DEFAULTS.publicUrl,
  redisUrl: values['redis-url'] ?? DEFAULTS.redisUrl,
});
process.stdout.write(objects.map((object) => stringify(object)).join('---\n'));
