import { InputText } from 'primereact/inputtext';
import { Field } from '../../components/forms/Field';
import type { LimiterKey } from './contactForm';
import type { ContactFormState } from './useContactForm';

type LimitKey = LimiterKey | 'rate_limit_minutes';

const MATCH_LIMITS: [LimitKey, string][] = [
  ['rate_limit_minutes', 'Rate Limiter Minutes'],
  ['max_market_match_push', 'Max Pushes per Market per Match'],
  ['max_match_push', 'Max Pushes per Match (All Markets)'],
];

const periodLimits = (n: number): [LimitKey, string][] => [
  [`market_push_p${n}` as LimiterKey, `Max Pushes per Market in Period ${n}`],
  [`period_push_p${n}` as LimiterKey, `Max Pushes in Period ${n} (All Markets)`],
];

/** Whole numbers only; empty means no limit. */
const digitsOnly = (value: string) => value.replace(/\D/g, '');

/**
 * The rate limits of a rate-limited contact (SPEC §2): minutes between pushes, caps per match,
 * and for each period of the contact's sport (1 to its number of periods) two per-period caps.
 */
export function ContactLimiterFields({ form }: { form: ContactFormState }) {
  const limitText = (key: LimitKey) => (key === 'rate_limit_minutes' ? form.values.rate_limit_minutes : (form.values.limiter[key] ?? ''));
  const input = ([key, label]: [LimitKey, string]) => (
    <Field key={key} id={`contact-${key}`} label={label}>
      <InputText id={`contact-${key}`} inputMode="numeric" value={limitText(key)} onChange={(e) => form.setLimit(key, digitsOnly(e.target.value))} />
    </Field>
  );
  return (
    <section className="form-section" aria-labelledby="contact-limits-title">
      <h2 id="contact-limits-title">Rate limits</h2>
      <div className="form-grid">{MATCH_LIMITS.map(input)}</div>
      {form.periods.map((n) => (
        <div key={n} className="form-grid period-limits" role="group" aria-label={`Period ${n}`}>
          {periodLimits(n).map(input)}
        </div>
      ))}
    </section>
  );
}
