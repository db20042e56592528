import { Button } from 'primereact/button';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { basketStore, loadBasket } from '../stores/basket';
import { dialogLoaders } from './dialogLoaders';

// The dialog's code (PrimeReact's Dialog and InputNumber) loads apart from the shell, when it is idle (dialogLoaders.ts).
const BasketDialog = lazy(dialogLoaders.basket);

export function BasketButton() {
  const { items } = useSnapshot(basketStore);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  // The operator's stored basket, once per page load.
  useEffect(() => {
    if (!basketStore.loaded) void loadBasket();
  }, []);
  return (
    <>
      <Button
        icon="pi pi-shopping-cart"
        label={String(items.length)}
        outlined
        aria-label={`Basket, ${items.length} ${items.length === 1 ? 'item' : 'items'}`}
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
      />
      {opened && (
        <Suspense fallback={null}>
          <BasketDialog visible={open} onHide={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
