import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { Link, useParams } from 'react-router-dom';
import { Field } from '../../../components/forms/Field';
import { formatDateTime } from '../../../lib/format';
import { NotFound } from '../../../components/not-found/NotFound';
import { DraftTargetFields } from './DraftTargetFields';
import { DRAFT_PARTS } from './matchDraft';
import { useMatchDraft, type MatchDraft } from './useMatchDraft';
import '../cms.css';

const ID = /^[1-9]\d{0,9}$/;
const PART_LABELS = { title: 'Title', content: 'Content', cta: 'CTA' } as const;

/** /cms/match/{matchId}/edit: a content draft for one match. */
export default function MatchDraftScreen() {
  const { matchId } = useParams();
  if (!matchId || !ID.test(matchId)) return <NotFound />;
  return <Draft key={matchId} matchId={Number(matchId)} />;
}

function Draft({ matchId }: { matchId: number }) {
  const draft = useMatchDraft(matchId);
  const { match } = draft;
  return (
    <section aria-labelledby="screen-title" className="cms-screen">
      <h1 id="screen-title">{`${match?.name ?? `Match ${matchId}`} content draft`}</h1>
      {match && (
        <p className="form-hint">
          {`${match.league.name} · ${formatDateTime(match.start)} · `}
          <Link to={`/match/${matchId}/content`}>Match content</Link>
        </p>
      )}
      <DraftForm draft={draft} />
    </section>
  );
}

function DraftForm({ draft }: { draft: MatchDraft }) {
  const { values, set } = draft;
  const sides = [
    { label: `From ${draft.match?.home.name ?? 'home'}`, value: 'home' },
    { label: `From ${draft.match?.away.name ?? 'away'}`, value: 'away' },
  ];
  return (
    <form
      aria-label="Match content draft"
      onSubmit={(e) => {
        e.preventDefault();
        void draft.save();
      }}
    >
      <DraftTargetFields draft={draft} />
      <div className="group-texts">
        {DRAFT_PARTS.map((part) => (
          <Field key={part} id={`draft-${part}`} label={PART_LABELS[part]}>
            <InputTextarea
              id={`draft-${part}`}
              rows={part === 'content' ? 6 : 3}
              value={values.texts[part]}
              onChange={(e) => draft.setText(part, e.target.value)}
            />
          </Field>
        ))}
      </div>
      <div className="form-actions">
        <SelectButton options={sides} value={values.side} allowEmpty={false} aria-label="Preview from the side of" onChange={(e) => set('side', e.value)} />
        <Button
          type="button"
          label="Preview"
          icon="pi pi-eye"
          outlined
          disabled={!draft.written}
          loading={draft.busy === 'preview'}
          onClick={() => void draft.showPreview()}
        />
        <Button type="submit" label="Save" icon="pi pi-check" disabled={!draft.written || values.market_id === null} loading={draft.busy === 'save'} />
      </div>
      {draft.preview && (
        <section className="form-section" aria-labelledby="draft-preview">
          <h2 id="draft-preview">Preview</h2>
          <dl className="draft-preview">
            {DRAFT_PARTS.filter((part) => draft.preview?.[part]).map((part) => (
              <div key={part}>
                <dt>{PART_LABELS[part]}</dt>
                <dd>{draft.preview![part]!.content}</dd>
                {draft.preview![part]!.unresolved.length > 0 && <dd className="form-hint">{`Not filled: ${draft.preview![part]!.unresolved.join(', ')}`}</dd>}
              </div>
            ))}
          </dl>
        </section>
      )}
    </form>
  );
}
