import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { basketStore, loadBasket } from '../stores/basket';
import { BasketDialog } from './BasketDialog';

export function BasketButton() {
  const { items } = useSnapshot(basketStore);
  const [open, setOpen] = useState(false);
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
        onClick={() => setOpen(true)}
      />
      <BasketDialog visible={open} onHide={() => setOpen(false)} />
    </>
  );
}
