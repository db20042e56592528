import type { Delivery } from '@odds/protocol';
import { Button } from 'primereact/button';

/** 'Retry' for a FAILED delivery (nothing for the others): the caller confirms and sends. */
export function RetryDeliveryButton({
  delivery,
  retrying,
  onRetry,
  withLabel = false,
}: {
  delivery: Delivery;
  retrying: number | null;
  onRetry: (delivery: Delivery) => void;
  withLabel?: boolean;
}) {
  if (delivery.status !== 'FAILED') return null;
  return (
    <Button
      type="button"
      icon="pi pi-replay"
      label={withLabel ? 'Retry' : undefined}
      text={!withLabel}
      outlined={withLabel}
      rounded={!withLabel}
      size="small"
      loading={retrying === delivery.id}
      aria-label={`Retry delivery ${delivery.id}`}
      title="Retry"
      onClick={() => onRetry(delivery)}
    />
  );
}
