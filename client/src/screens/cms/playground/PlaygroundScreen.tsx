import { CONTENT_TYPES } from '@odds/protocol';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field } from '../../../components/forms/Field';
import { languageOptions } from '../../../components/forms/languages';
import { SingleSearchPicker } from '../../../components/forms/SearchPicker';
import { TagsDialog } from '../TagsDialog';
import { outcomeLabel } from './playground';
import { PlaygroundResults } from './PlaygroundResults';
import { usePlayground, type Playground } from './usePlayground';
import '../cms.css';
import { dropdownNames } from '../../../components/forms/a11y';

const SIDES = [
  { label: 'Home', value: 'home' },
  { label: 'Away', value: 'away' },
];
const BEHAVIOURS = ['historical_favourite', 'all', 'odd_favourite'].map((b) => ({ value: b, label: b.replace('_', ' ') }));
const TYPES = CONTENT_TYPES.filter((t) => t !== 'image').map((t) => ({ value: t, label: t }));

/** /cms/builder/: try content against two teams, a market and a simulated offer (SPEC §2 Playground). */
export default function PlaygroundScreen() {
  const pg = usePlayground();
  const navigate = useNavigate();
  const [tags, setTags] = useState(false);
  return (
    <section aria-labelledby="screen-title" className="cms-screen playground">
      <div className="cms-toolbar">
        <h1 id="screen-title">Playground</h1>
        <Button label="Query tags" icon="pi pi-tags" outlined onClick={() => setTags(true)} />
        <Button label="Back" icon="pi pi-arrow-left" outlined onClick={() => void navigate('/cms/')} />
      </div>
      <Situation pg={pg} />
      <AdHocContent pg={pg} />
      <PlaygroundResults pg={pg} />
      <TagsDialog visible={tags} onHide={() => setTags(false)} />
    </section>
  );
}

function Situation({ pg }: { pg: Playground }) {
  const { situation: s, set, market } = pg;
  return (
    <section className="form-section" aria-labelledby="pg-situation">
      <h2 id="pg-situation">Situation</h2>
      <div className="form-grid">
        <Field id="pg-league" label="League">
          <Dropdown
            {...dropdownNames('League')}
            inputId="pg-league"
            options={pg.leagues}
            optionLabel="name"
            optionValue="id"
            value={s.leagueId}
            filter
            onChange={(e) => set('leagueId', e.value as number)}
          />
        </Field>
        <Field id="pg-home" label="Home team">
          <SingleSearchPicker inputId="pg-home" type="teams" value={s.home} onChange={(v) => set('home', v)} placeholder="Search a team" />
        </Field>
        <Field id="pg-away" label="Away team">
          <SingleSearchPicker inputId="pg-away" type="teams" value={s.away} onChange={(v) => set('away', v)} placeholder="Search a team" />
        </Field>
        <Field id="pg-market" label="Market">
          <Dropdown
            {...dropdownNames('Market')}
            inputId="pg-market"
            options={pg.markets}
            optionLabel="name"
            optionValue="id"
            value={s.marketId}
            filter
            onChange={(e) => set('marketId', e.value as number)}
          />
        </Field>
        <div className="form-field" role="group" aria-labelledby="pg-side-title">
          <span id="pg-side-title" className="form-field-title">
            Side
          </span>
          <SelectButton options={SIDES} value={s.side} allowEmpty={false} aria-labelledby="pg-side-title" onChange={(e) => set('side', e.value)} />
        </div>
        <Field id="pg-minutes" label="Simulated minutes">
          <InputText id="pg-minutes" inputMode="numeric" value={s.minutes} onChange={(e) => set('minutes', e.target.value.replace(/\D/g, ''))} />
        </Field>
        <Field id="pg-behaviour" label="Selection behaviour">
          <Dropdown
            {...dropdownNames('Selection behaviour')}
            inputId="pg-behaviour"
            options={BEHAVIOURS}
            value={s.behaviour}
            onChange={(e) => set('behaviour', e.value)}
          />
        </Field>
      </div>
      {market && (
        <div className="form-grid pg-odds" role="group" aria-label="Odds per outcome (decimal)">
          {market.type.outcomes.map((key) => (
            <Field key={key} id={`pg-odds-${key}`} label={outcomeLabel(market, key) === key ? `Odds ${key}` : `Odds ${key} (${outcomeLabel(market, key)})`}>
              <InputText
                id={`pg-odds-${key}`}
                inputMode="decimal"
                placeholder="e.g. 2.15"
                value={s.odds[key] ?? ''}
                onChange={(e) => pg.setOdds(key, e.target.value)}
              />
            </Field>
          ))}
        </div>
      )}
    </section>
  );
}

function AdHocContent({ pg }: { pg: Playground }) {
  const waiting = pg.ready ? undefined : 'Choose a league, both teams and a market first.';
  return (
    <section className="form-section" aria-labelledby="pg-adhoc">
      <h2 id="pg-adhoc">Content</h2>
      <div className="form-grid">
        <Field id="pg-type" label="Content Type">
          <Dropdown
            {...dropdownNames('Content Type')}
            inputId="pg-type"
            options={TYPES}
            value={pg.adHoc.content_type}
            onChange={(e) => pg.setAdHoc({ ...pg.adHoc, content_type: e.value })}
          />
        </Field>
        <Field id="pg-language" label="Language of stored content">
          <Dropdown
            {...dropdownNames('Language of stored content')}
            inputId="pg-language"
            options={languageOptions(pg.languages)}
            value={pg.situation.language}
            onChange={(e) => pg.set('language', e.value as string)}
          />
        </Field>
      </div>
      <Field id="pg-content" label="Ad-hoc content" className="pg-content" hint="Query tags such as {{home.name}} are filled with the teams' values.">
        <InputTextarea
          id="pg-content"
          rows={4}
          value={pg.adHoc.content}
          aria-describedby="pg-content-hint"
          onChange={(e) => pg.setAdHoc({ ...pg.adHoc, content: e.target.value })}
        />
      </Field>
      <div className="form-actions">
        <Button label="Test" icon="pi pi-play" disabled={!pg.ready || !pg.adHoc.content.trim()} loading={pg.busy === 'test'} onClick={() => void pg.test()} />
        <Button
          label="Compile stored content"
          icon="pi pi-cog"
          outlined
          disabled={!pg.ready}
          loading={pg.busy === 'compile'}
          onClick={() => void pg.compileTemplates()}
        />
        <Button
          label="Generate content options"
          icon="pi pi-lightbulb"
          outlined
          disabled={!pg.ready}
          loading={pg.busy === 'options'}
          onClick={() => void pg.generateOptions()}
        />
        {waiting && <span className="form-hint pg-waiting">{waiting}</span>}
      </div>
    </section>
  );
}
