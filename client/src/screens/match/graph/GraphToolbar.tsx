import { Button } from 'primereact/button';

/** The Graph tab's toolbar: Running/Stopped, Show/Hide Creative (none without a market), the market's name. */
export function GraphToolbar({
  running,
  creative,
  noMarket,
  marketName,
  onRunning,
  onCreative,
}: {
  running: boolean;
  creative: boolean;
  noMarket: boolean;
  marketName: string;
  onRunning: () => void;
  onCreative: () => void;
}) {
  return (
    <div className="live-tab-toolbar">
      <Button
        type="button"
        label={running ? 'Running' : 'Stopped'}
        icon={running ? 'pi pi-pause' : 'pi pi-play'}
        severity={running ? undefined : 'secondary'}
        size="small"
        aria-pressed={running}
        title={running ? 'Live updates on: click to stop' : 'Live updates paused: click to run'}
        onClick={onRunning}
      />
      <Button
        type="button"
        label={creative ? 'Hide Creative' : 'Show Creative'}
        icon="pi pi-image"
        size="small"
        outlined
        disabled={noMarket}
        onClick={onCreative}
      />
      <span className="graph-market">{marketName}</span>
    </div>
  );
}
