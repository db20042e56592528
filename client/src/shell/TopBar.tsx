import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { contextStore, findById } from '../stores/context';
import { BasketButton } from './BasketButton';
import { ContextSelectors } from './ContextSelectors';
import { GlobalSearch } from './GlobalSearch';
import { SettingsMenu } from './SettingsMenu';

export function TopBar() {
  const context = useSnapshot(contextStore);
  const provider = findById(context.providers, context.providerId);
  return (
    <header className="top-bar">
      <Link to="/" className="product-name">
        Odds Console
      </Link>
      {provider && (
        <span className="current-provider">
          <span className="sr-only">Current provider: </span>
          {provider.name}
        </span>
      )}
      <div className="top-bar-tools">
        <BasketButton />
        <GlobalSearch />
        {context.status === 'ready' && <ContextSelectors />}
        <SettingsMenu />
      </div>
    </header>
  );
}
