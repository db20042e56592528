import { ProgressSpinner } from 'primereact/progressspinner';
import './loading.css';

/** Shown until the sports are loaded (SPEC §2), while a screen's code loads, and while a screen reads its record. */
export function Loading() {
  return (
    <div className="loading" role="status">
      <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} strokeWidth="4" aria-hidden="true" />
      <span>Loading...</span>
    </div>
  );
}
