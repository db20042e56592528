import { Dropdown } from 'primereact/dropdown';
import { useSnapshot } from 'valtio';
import { contextStore, selectProvider, selectSport, sportsOf } from '../stores/context';

const toOption = (entry: { id: number; name: string }) => ({ label: entry.name, value: entry.id });

/**
 * Names for every part of a PrimeReact Dropdown: the visible label names its focusable input, but
 * its trigger button and the hidden native select it keeps for forms need their own.
 */
const named = (name: string) => ({ ariaLabel: name, pt: { select: { 'aria-label': name } } });

/** Sport and provider selectors (the sports the provider carries); every provider-scoped list re-fetches when either changes. */
export function ContextSelectors() {
  const context = useSnapshot(contextStore);
  return (
    <>
      <label htmlFor="sport-select" className="sr-only">
        Sport
      </label>
      <Dropdown
        inputId="sport-select"
        {...named('Sport')}
        value={context.sportId}
        options={sportsOf(context.providers, context.sports, context.providerId).map(toOption)}
        onChange={(e) => selectSport(e.value as number)}
      />
      <label htmlFor="provider-select" className="sr-only">
        Provider
      </label>
      <Dropdown
        inputId="provider-select"
        {...named('Provider')}
        value={context.providerId}
        options={context.providers.map(toOption)}
        onChange={(e) => selectProvider(e.value as number)}
      />
    </>
  );
}
