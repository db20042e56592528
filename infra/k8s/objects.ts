import type { Deployment, StatefulSet } from 'kubernetes-types/apps/v1';
import type { Job } from 'kubernetes-types/batch/v1';
import type { ConfigMap, Container, EnvVar, PodSpec, Probe, Service } from 'kubernetes-types/core/v1';
import type { PodDisruptionBudget } from 'kubernetes-types/policy/v1';

/**
 * The production shape of docs/scaling-out.md on Kubernetes, as typed objects (the typecheck
 * validates every field against the API's types; render.ts writes them as YAML). Postgres, Redis
 * and RabbitMQ are the platform's (managed services or their own operators): the objects only
 * name them through the Secret and the ConfigMap.
 */
export interface ClusterSettings {
  namespace: string;
  /** The console's image (`npm run image`, pushed to the platform's registry). */
  image: string;
  /** The address operators open (set-password links). */
  publicUrl: string;
  /** Redis for the relays (no password in it: a password goes in the Secret as redis_url). */
  redisUrl: string;
  replicas: { api: number; worker: number; relay: number };
}

export const DEFAULTS: ClusterSettings = {
  namespace: 'odds',
  image: 'registry.example.com/odds-console:latest',
  publicUrl: 'https://odds.example.com',
  redisUrl: 'redis://redis:6379',
  replicas: { api: 2, worker: 2, relay: 2 },
};

/**
 * The Secret the platform creates (kubectl, sealed-secrets, external-secrets...): never written by
 * these manifests. Each key is mounted as a file under /run/secrets and read through NAME_FILE.
 */
export const SECRET_NAME = 'odds-secrets';
export const SECRET_KEYS = { DATABASE_URL: 'database_url', AMQP_URL: 'amqp_url', METRICS_TOKEN: 'metrics_token' } as const;

type Process = 'api' | 'worker' | 'relay';
const PORTS: Record<Process, number> = { api: 8081, worker: 9100, relay: 8080 };
const labels = (app: string) => ({ 'app.kubernetes.io/name': 'odds', 'app.kubernetes.io/component': app });

/** Settings every process reads, besides its secrets (docs/configuration.md). */
const COMMON = { NODE_ENV: 'production', LOG_FORMAT: 'json', LOG_LEVEL: 'info' };

/** The ConfigMap of each process: its own settings, all of them known to the configuration schema. */
export function settingsOf(process: Process | 'migrate', s: ClusterSettings): Record<string, string> {
  switch (process) {
    case 'api':
      return { ...COMMON, ENGINE_SHARDS: '8', UPSTREAM_HOST: '0.0.0.0', UPSTREAM_PORT: String(PORTS.api), PUBLIC_URL: s.publicUrl, REDIS_URL: s.redisUrl };
    case 'worker':
      return {
        ...COMMON,
        ENGINE_SHARDS: '8',
        ENGINE_HOST: '0.0.0.0',
        ENGINE_PORT: String(PORTS.worker),
        PUBLIC_URL: s.publicUrl,
        REDIS_URL: s.redisUrl,
        ENGINE_WORKERS: String(s.replicas.worker),
      };
    case 'relay':
      return { ...COMMON, PORT: String(PORTS.relay), UPSTREAM_URL: `http://odds-api:${PORTS.api}`, REDIS_URL: s.redisUrl, TRUST_PROXY: '1' };
    case 'migrate':
      return COMMON;
  }
}

/** The secrets each process reads (as files). */
export const SECRETS_OF: Record<Process | 'migrate', (keyof typeof SECRET_KEYS)[]> = {
  api: ['DATABASE_URL', 'AMQP_URL', 'METRICS_TOKEN'],
  worker: ['DATABASE_URL', 'AMQP_URL', 'METRICS_TOKEN'],
  relay: ['METRICS_TOKEN'],
  migrate: ['DATABASE_URL'],
};

const probe = (path: string, port: number, periodSeconds: number, failureThreshold: number): Probe => ({
  httpGet: { path, port },
  periodSeconds,
  failureThreshold,
  timeoutSeconds: 3,
});

function container(process: Process | 'migrate', s: ClusterSettings, extraEnv: EnvVar[] = []): Container {
  const server = process !== 'migrate';
  return {
    name: process,
    image: s.image,
    args: [process],
    envFrom: [{ configMapRef: { name: `odds-${process}` } }],
    env: [...SECRETS_OF[process].map((name) => ({ name: `${name}_FILE`, value: `/run/secrets/${SECRET_KEYS[name]}` })), ...extraEnv],
    volumeMounts: [{ name: 'secrets', mountPath: '/run/secrets', readOnly: true }],
    securityContext: { runAsNonRoot: true, runAsUser: 10001, runAsGroup: 10001, readOnlyRootFilesystem: true, allowPrivilegeEscalation: false },
    resources: {
      requests: { cpu: process === 'worker' ? '500m' : '250m', memory: '256Mi' },
      limits: { memory: process === 'migrate' ? '512Mi' : '1Gi' },
    },
    ...(server && {
      ports: [{ name: 'http', containerPort: PORTS[process] }],
      // Liveness: the process answers (a restart cures only a hung process); readiness: what it
      // needs answers (/readyz: the database, the upstream, Redis), so a Service drains it meanwhile.
      livenessProbe: probe('/healthz', PORTS[process], 10, 6),
      readinessProbe: probe('/readyz', PORTS[process], 5, 2),
      startupProbe: probe('/healthz', PORTS[process], 2, 60),
    }),
  };
}

function podSpec(process: Process | 'migrate', s: ClusterSettings, extraEnv: EnvVar[] = []): PodSpec {
  return {
    containers: [container(process, s, extraEnv)],
    volumes: [
      {
        name: 'secrets',
        secret: {
          secretName: SECRET_NAME,
          defaultMode: 0o440,
          items: SECRETS_OF[process].map((name) => ({ key: SECRET_KEYS[name], path: SECRET_KEYS[name] })),
        },
      },
    ],
    securityContext: { fsGroup: 10001 },
    // Relays drain their sockets on SIGTERM; workers give their batch back to the queue.
    terminationGracePeriodSeconds: process === 'relay' ? 30 : 20,
    ...(process === 'migrate' && { restartPolicy: 'OnFailure' }),
  };
}

const configMap = (process: Process | 'migrate', s: ClusterSettings): ConfigMap => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: `odds-${process}`, namespace: s.namespace, labels: labels(process) },
  data: settingsOf(process, s),
});

const deployment = (process: 'api' | 'relay', s: ClusterSettings): Deployment => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: `odds-${process}`, namespace: s.namespace, labels: labels(process) },
  spec: {
    replicas: s.replicas[process],
    selector: { matchLabels: labels(process) },
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
    template: { metadata: { labels: labels(process) }, spec: podSpec(process, s) },
  },
});

/**
 * Workers as a StatefulSet: each prefers the shards n % ENGINE_WORKERS = its index, taken from its
 * pod's ordinal (the `apps.kubernetes.io/pod-index` label, Kubernetes 1.28+), standby for the rest.
 */
const workers = (s: ClusterSettings): StatefulSet => ({
  apiVersion: 'apps/v1',
  kind: 'StatefulSet',
  metadata: { name: 'odds-worker', namespace: s.namespace, labels: labels('worker') },
  spec: {
    serviceName: 'odds-worker',
    replicas: s.replicas.worker,
    podManagementPolicy: 'Parallel',
    selector: { matchLabels: labels('worker') },
    template: {
      metadata: { labels: labels('worker') },
      spec: podSpec('worker', s, [{ name: 'ENGINE_WORKER_INDEX', valueFrom: { fieldRef: { fieldPath: "metadata.labels['apps.kubernetes.io/pod-index']" } } }]),
    },
  },
});

const service = (process: Process, s: ClusterSettings): Service => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: `odds-${process}`, namespace: s.namespace, labels: labels(process) },
  spec: {
    selector: labels(process),
    ports: [{ name: 'http', port: PORTS[process], targetPort: 'http' }],
    ...(process === 'worker' && { clusterIP: 'None' }),
  },
});

const budget = (process: Process, s: ClusterSettings): PodDisruptionBudget => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name: `odds-${process}`, namespace: s.namespace, labels: labels(process) },
  spec: { maxUnavailable: 1, selector: { matchLabels: labels(process) } },
});

/** The migrate Job: run it (under a new name per release) before rolling the servers. */
const migrate = (s: ClusterSettings): Job => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name: 'odds-migrate', namespace: s.namespace, labels: labels('migrate') },
  spec: { backoffLimit: 3, ttlSecondsAfterFinished: 3600, template: { metadata: { labels: labels('migrate') }, spec: podSpec('migrate', s) } },
});

export type ClusterObject = ConfigMap | Deployment | StatefulSet | Service | PodDisruptionBudget | Job;

/** Every object of the deployment, in the order `kubectl apply` should meet them. */
export function clusterObjects(s: ClusterSettings = DEFAULTS): ClusterObject[] {
  const processes: Process[] = ['api', 'worker', 'relay'];
  return [
    ...(['migrate', ...processes] as const).map((p) => configMap(p, s)),
    migrate(s),
    ...processes.map((p) => service(p, s)),
    deployment('api', s),
    workers(s),
    deployment('relay', s),
    ...processes.map((p) => budget(p, s)),
  ];
}
