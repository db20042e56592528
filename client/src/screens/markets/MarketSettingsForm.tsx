import type { Market } from '@odds/protocol';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { ConflictDialog } from '../../components/conflict';
import { marketFieldFormat, marketFieldLabel, SETTING_FIELDS, thresholdKeys } from './marketSettings';
import { useMarketSettingsForm } from './useMarketSettingsForm';

const dialogFormat = marketFieldFormat(false);

const odds = { mode: 'decimal', minFractionDigits: 2, maxFractionDigits: 3, min: 1, useGrouping: false } as const;

/** The selected market's settings (SPEC §2 Markets): minutes, delay, thresholds; Save. */
export function MarketSettingsForm({ market, onSaved }: { market: Market; onSaved: (market: Market) => void }) {
  const form = useMarketSettingsForm(market, onSaved);
  const fieldId = (key: string) => `market-${market.id}-${key}`;
  return (
    <form
      className="market-settings"
      aria-label={`Settings of ${market.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void form.save();
      }}
    >
      <div className="market-settings-grid">
        {SETTING_FIELDS.map(({ key, label }) => (
          <span className="field" key={key}>
            <label htmlFor={fieldId(key)}>{label}</label>
            <InputNumber
              inputId={fieldId(key)}
              value={form.values.settings[key]}
              onValueChange={(e) => form.setSetting(key, e.value ?? null)}
              min={0}
              maxFractionDigits={key === 'pass_threshold' ? 3 : 0}
              useGrouping={false}
            />
          </span>
        ))}
      </div>
      <table className="market-thresholds">
        <caption>Thresholds (decimal odds)</caption>
        <thead>
          <tr>
            <th scope="col">Outcome</th>
            <th scope="col">Value</th>
            <th scope="col">Min</th>
            <th scope="col">Max</th>
          </tr>
        </thead>
        <tbody>
          {thresholdKeys(market).map((key) => (
            <tr key={key}>
              <th scope="row">{key}</th>
              {[key, `${key}_min`, `${key}_max`].map((name, i) => (
                <td key={name}>
                  <InputNumber
                    inputId={fieldId(name)}
                    aria-label={`${key} ${['value', 'Min', 'Max'][i]}`}
                    value={form.values.thresholds[name] ?? null}
                    onValueChange={(e) => form.setThreshold(name, e.value ?? null)}
                    {...odds}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="form-actions">
        <Button type="submit" label="Save" icon="pi pi-save" loading={form.status === 'saving'} />
        {form.status === 'saved' && (
          <span role="status" className="saved-note">
            <i className="pi pi-check" aria-hidden="true" /> Saved
          </span>
        )}
      </div>
      <ConflictDialog state={form.conflict} what={`Market ${market.name}`} label={marketFieldLabel} format={dialogFormat} />
    </form>
  );
}
