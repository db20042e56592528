import { routes, type SuppressionReason, type SuppressionsToday } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api/client';
import { REASON_LABELS } from '../../components/why/whyText';

const label = (reason: string) => REASON_LABELS[reason as SuppressionReason] ?? reason;

/**
 * Today's suppressions by reason, per provider: what the engine held back since midnight in the
 * deployment's time zone (DEPLOYMENT_TIME_ZONE), counted from the stored suppressions.
 */
export function SuppressionsTodaySection() {
  const [today, setToday] = useState<SuppressionsToday | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async (signal?: AbortSignal) => {
    setLoading(true);
    try {
      setToday(await api(routes.suppressionsToday, signal ? { signal } : {}));
      setError(null);
    } catch (failure) {
      if (signal?.aborted) return;
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const providers = [...new Map((today?.results ?? []).map((r) => [r.provider.id, r.provider.name])).entries()];
  return (
    <section aria-labelledby="suppressions-today-title" className="compliance-section">
      <h2 id="suppressions-today-title">Today’s suppressions by reason</h2>
      <div className="compliance-toolbar">
        <span>{today ? `${today.day} (${today.time_zone}), since ${today.since.slice(11, 16)} UTC` : ''}</span>
        <Button type="button" label="Refresh" icon="pi pi-refresh" size="small" outlined loading={loading} onClick={() => void load()} />
      </div>
      {error ? <Message severity="error" role="alert" text={`Today’s suppressions could not be read: ${error}`} /> : null}
      {!today && loading ? <p role="status">Loading...</p> : null}
      {today && !today.results.length ? <p>Nothing was held back today.</p> : null}
      {providers.map(([id, name]) => {
        const rows = today!.results.filter((r) => r.provider.id === id);
        return (
          <table key={id} className="compliance-table" aria-label={`Suppressions today, ${name}`}>
            <caption>
              {name}: {rows.reduce((sum, r) => sum + r.count, 0)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Reason</th>
                <th scope="col">Suppressions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.reason}>
                  <td>{label(r.reason)}</td>
                  <td>{r.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </section>
  );
}
