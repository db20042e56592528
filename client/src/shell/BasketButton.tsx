import { Button } from 'primereact/button';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { basketStore } from '../stores/basket';
import { BasketDialog } from './BasketDialog';

export function BasketButton() {
  const { items } = useSnapshot(basketStore);
  const [open, setOpen] = useState(false);
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
