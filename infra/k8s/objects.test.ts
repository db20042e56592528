import { environmentProblems } from '@odds/ops';
import { describe, expect, it } from 'vitest';
import { clusterObjects, DEFAULTS, SECRET_KEYS, SECRET_NAME, SECRETS_OF, settingsOf } from './objects';

const objects = clusterObjects();
const podSpecs = objects.flatMap((o) =>
  'spec' in o && o.spec && 'template' in o.spec && o.spec.template?.spec ? [{ name: o.metadata?.name, spec: o.spec.template.spec }] : [],
);

describe('the Kubernetes manifests', () => {
  it('run every server with probes, resources, a disruption budget and a Service', () => {
    for (const name of ['odds-api', 'odds-worker', 'odds-relay']) {
      const pod = podSpecs.find((p) => p.name === name)!;
      const [container] = pod.spec.containers;
      expect(container!.livenessProbe?.httpGet?.path, name).toBe('/healthz');
      expect(container!.readinessProbe?.httpGet?.path, name).toBe('/readyz');
      expect(container!.resources?.requests?.cpu, name).toBeTruthy();
      expect(
        objects.some((o) => o.kind === 'PodDisruptionBudget' && o.metadata?.name === name),
        name,
      ).toBe(true);
      expect(
        objects.some((o) => o.kind === 'Service' && o.metadata?.name === name),
        name,
      ).toBe(true);
    }
    expect(objects.filter((o) => o.kind === 'Job').map((o) => o.metadata?.name)).toEqual(['odds-migrate']);
  });

  it('gives each process only settings its configuration schema knows (an unknown one stops a process)', () => {
    for (const process of ['api', 'worker', 'relay', 'migrate'] as const) {
      const env = {
        ...settingsOf(process, DEFAULTS),
        ...Object.fromEntries(SECRETS_OF[process].map((name) => [`${name}_FILE`, `/run/secrets/${SECRET_KEYS[name]}`])),
      };
      expect(environmentProblems(process, env), process).toEqual([]);
    }
  });

  it('takes every secret from the Secret as a file, never as a value in the environment', () => {
    for (const { name, spec } of podSpecs) {
      const [container] = spec.containers;
      for (const variable of container!.env ?? []) {
        expect(variable.valueFrom?.secretKeyRef, `${name} ${variable.name}`).toBeUndefined();
        if (variable.value !== undefined)
          expect(variable.name.endsWith('_FILE') || variable.name === 'ENGINE_WORKER_INDEX', `${name} ${variable.name}`).toBe(true);
      }
      expect(spec.volumes?.[0]?.secret?.secretName).toBe(SECRET_NAME);
      expect(container!.securityContext?.runAsNonRoot).toBe(true);
    }
  });
});
