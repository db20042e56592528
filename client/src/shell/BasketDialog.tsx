import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputNumber } from 'primereact/inputnumber';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import '../components/forms/forms.css';
import { basketStore, removeFromBasket, saveBasket, setRequired, toggleHold } from '../stores/basket';

/**
 * The basket popup of SPEC §2 ('Selected Content', width 640): each item with Remove and a
 * Hold/Send toggle, 'Required to trigger' (defaults to and is capped at the number of items), Save.
 */
export function BasketDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { items, required, saving } = useSnapshot(basketStore);
  const footer =
    items.length === 0 ? null : (
      <div className="basket-footer">
        <label htmlFor="basket-required">Required to trigger</label>
        <InputNumber
          inputId="basket-required"
          value={required}
          min={1}
          max={items.length}
          showButtons
          size={3}
          onValueChange={(e) => setRequired(e.value ?? items.length)}
        />
        <Button type="button" label="Save" icon="pi pi-check" loading={saving} onClick={() => void saveBasket()} />
      </div>
    );
  return (
    <Dialog header="Selected Content" visible={visible} onHide={onHide} style={{ width: '640px' }} footer={footer}>
      {items.length === 0 ? (
        <p>Add content items from different matches (see the Preview tab)</p>
      ) : (
        <ul className="basket-items" aria-label="Selected content">
          {items.map((item) => (
            <li key={item.match_content_id}>
              <span className="basket-item-label">
                <Link to={`/match/${item.match_id}/content/preview`} onClick={onHide}>
                  Match {item.match_id}
                </Link>{' '}
                {item.label}
              </span>
              <Button
                type="button"
                label={item.hold ? 'Hold' : 'Send'}
                icon={item.hold ? 'pi pi-pause' : 'pi pi-send'}
                outlined={!item.hold}
                size="small"
                aria-label={`${item.hold ? 'Hold' : 'Send'} content ${item.match_content_id}`}
                title={item.hold ? 'Held: click to send' : 'Will send: click to hold'}
                onClick={() => void toggleHold(item.match_content_id)}
              />
              <Button
                type="button"
                label="Remove"
                severity="danger"
                className="danger-strong"
                text
                size="small"
                aria-label={`Remove content ${item.match_content_id}`}
                onClick={() => void removeFromBasket(item.match_content_id)}
              />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
