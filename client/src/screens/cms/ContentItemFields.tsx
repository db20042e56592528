import { CHANNELS, CONTENT_TYPES, LAYOUT, SIDE_CONTEXTS } from '@odds/protocol';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Field, SwitchField } from '../../components/forms/Field';
import { dropdownNames, switchPt } from '../../components/forms/a11y';
import { ContentImage, LocalImagePreview } from './ContentImage';
import { isProviderLocked } from './contentForm';
import type { ContentFormState } from './useContentForm';

const CHANNEL_OPTIONS = CHANNELS.map((channel) => ({ value: channel.id, label: channel.name }));
const TYPE_OPTIONS = CONTENT_TYPES.map((type) => ({ value: type, label: type }));
const SIDE_OPTIONS = SIDE_CONTEXTS.map((side) => ({ value: side, label: side }));

/** What kind of item it is: content type (fixed once saved), language, channel, side context. */
export function ContentItemKindFields({ form }: { form: ContentFormState }) {
  const { values, set, options } = form;
  return (
    <div className="form-grid">
      <Field id="content-type" label="Content Type">
        {/* An existing item keeps its type: an image cannot become text, nor text an image. */}
        {form.creating ? (
          <Dropdown
            {...dropdownNames('Content Type')}
            inputId="content-type"
            options={TYPE_OPTIONS}
            value={values.content_type}
            onChange={(e) => set('content_type', e.value)}
          />
        ) : (
          <InputText id="content-type" value={values.content_type} readOnly />
        )}
      </Field>
      <Field id="content-language" label="Language">
        <Dropdown
          {...dropdownNames('Language')}
          inputId="content-language"
          options={options.languages}
          value={values.language}
          onChange={(e) => set('language', e.value as string)}
        />
      </Field>
      <Field id="content-channel" label="Channel">
        <Dropdown
          {...dropdownNames('Channel')}
          inputId="content-channel"
          options={CHANNEL_OPTIONS}
          value={values.channel_id}
          onChange={(e) => set('channel_id', e.value as number)}
        />
      </Field>
      <Field id="content-side" label="Side Context">
        <Dropdown
          {...dropdownNames('Side Context')}
          inputId="content-side"
          options={SIDE_OPTIONS}
          value={values.side_context}
          onChange={(e) => set('side_context', e.value)}
        />
      </Field>
    </div>
  );
}

/** The item's body: its picture (chosen when new, kept once saved), or its text. */
export function ContentItemBody({ form }: { form: ContentFormState }) {
  const { values, set } = form;
  return values.content_type === 'image' ? (
    <div className="form-field image-field">
      <label htmlFor="content-image">Image</label>
      {form.creating ? (
        <input
          id="content-image"
          type="file"
          accept="image/*"
          aria-describedby="content-image-hint"
          onChange={(e) => form.chooseImage(e.target.files?.[0] ?? null)}
        />
      ) : (
        <span id="content-image" className="form-hint">
          The picture of a saved item stays; upload a new item to change it.
        </span>
      )}
      <small id="content-image-hint" className="form-hint">
        PNG, JPEG, GIF or WebP, up to 2 MB.
      </small>
      {form.imageError && <Message severity="error" text={form.imageError} role="alert" />}
      {form.image && <LocalImagePreview file={form.image} />}
      {!form.image && form.item?.image && <ContentImage url={form.item.image.url} alt={`Content ${form.item.id}`} />}
    </div>
  ) : (
    <Field id="content-text" label="Content" className="content-text">
      <InputTextarea id="content-text" rows={LAYOUT.textAreaRows} value={values.content} onChange={(e) => set('content', e.target.value)} />
    </Field>
  );
}

/** Provider Lock (on by itself while a market of the provider is selected), Deliver and Auto Build. */
export function ContentItemFlags({ form, providerName }: { form: ContentFormState; providerName: string }) {
  const { values, set } = form;
  const locked = isProviderLocked(values);
  return (
    <div className="form-grid content-flags">
      <div className="form-field" role="group" aria-labelledby="content-lock-title">
        <span id="content-lock-title" className="form-field-title">
          Provider Lock
        </span>
        <span className="switch-row">
          <Checkbox inputId="content-lock" checked={locked} disabled={values.markets.length > 0} onChange={(e) => set('provider_lock', !!e.checked)} />
          <label htmlFor="content-lock">{`For ${providerName} only`}</label>
        </span>
        {values.markets.length > 0 && <small className="form-hint">Locked: a market of this provider is selected.</small>}
      </div>
      <SwitchField id="content-deliver" title="Deliver" label="Active (delivered)">
        <InputSwitch pt={switchPt} inputId="content-deliver" checked={values.deliver} onChange={(e) => set('deliver', !!e.value)} />
      </SwitchField>
      <SwitchField id="content-auto-build" title="Auto Build" label="Built into offers automatically">
        <InputSwitch pt={switchPt} inputId="content-auto-build" checked={values.auto_build} onChange={(e) => set('auto_build', !!e.value)} />
      </SwitchField>
    </div>
  );
}
