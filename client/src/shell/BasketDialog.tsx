import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useSnapshot } from 'valtio';
import { basketStore, removeFromBasket, toggleHold } from '../stores/basket';

/** The basket popup of SPEC §2 ('Selected Content', width 640). Items are added from a match's Preview tab. */
export function BasketDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { items } = useSnapshot(basketStore);
  return (
    <Dialog header="Selected Content" visible={visible} onHide={onHide} style={{ width: '640px' }}>
      {items.length === 0 ? (
        <p>Add content items from different matches (see the Preview tab)</p>
      ) : (
        <ul className="basket-items">
          {items.map((item) => (
            <li key={item.contentId}>
              <span>
                Content {item.contentId} of match {item.matchId}
              </span>
              <Button label={item.hold ? 'Hold' : 'Send'} outlined size="small" onClick={() => toggleHold(item.contentId)} />
              <Button label="Remove" severity="danger" text size="small" onClick={() => removeFromBasket(item.contentId)} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
