import { Button } from 'primereact/button';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { basketStore, loadBasket } from '../stores/basket';

// The dialog's code (PrimeReact's Dialog and InputNumber) loads when the basket is first opened, not with the shell.
const BasketDialog = lazy(() => import('./BasketDialog').then((module) => ({ default: module.BasketDialog })));

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
