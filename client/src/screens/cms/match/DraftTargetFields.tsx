import { CHANNELS } from '@odds/protocol';
import { Dropdown } from 'primereact/dropdown';
import { LinkTargetField } from '../../../components/cms/LinkTargetField';
import { dropdownNames } from '../../../components/forms/a11y';
import { Field } from '../../../components/forms/Field';
import { languageOptions } from '../../../components/forms/languages';
import type { MatchDraft } from './useMatchDraft';

const CHANNEL_OPTIONS = CHANNELS.map((channel) => ({ value: channel.id, label: channel.name }));

/** Where a match's content draft goes: market, language, channel, score and link target. */
export function DraftTargetFields({ draft }: { draft: MatchDraft }) {
  const { values, set } = draft;
  return (
    <div className="form-grid">
      <Field id="draft-market" label="Market">
        <Dropdown
          {...dropdownNames('Market')}
          inputId="draft-market"
          options={draft.markets}
          optionLabel="name"
          optionValue="id"
          value={values.market_id}
          filter
          placeholder="Choose a market"
          onChange={(e) => set('market_id', e.value as number)}
        />
      </Field>
      <Field id="draft-language" label="Language">
        <Dropdown
          {...dropdownNames('Language')}
          inputId="draft-language"
          options={languageOptions(draft.languages)}
          value={values.language}
          onChange={(e) => set('language', e.value as string)}
        />
      </Field>
      <Field id="draft-channel" label="Channel">
        <Dropdown
          {...dropdownNames('Channel')}
          inputId="draft-channel"
          options={CHANNEL_OPTIONS}
          value={values.channel_id}
          onChange={(e) => set('channel_id', e.value as number)}
        />
      </Field>
      <Field id="draft-node" label="Score">
        <Dropdown
          {...dropdownNames('Score')}
          inputId="draft-node"
          options={draft.scoreChoices}
          value={values.node_id}
          onChange={(e) => set('node_id', e.value as string)}
        />
      </Field>
      <LinkTargetField
        id="draft-link-target"
        options={draft.linkTargets}
        value={values.link_target}
        emptyMessage="Choose a market first"
        onChange={(target) => set('link_target', target)}
      />
    </div>
  );
}
