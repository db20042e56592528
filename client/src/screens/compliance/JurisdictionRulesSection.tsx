import { CONTENT_FLAGS, type ContentFlag, type JurisdictionRule } from '@odds/protocol';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useState } from 'react';
import { Field } from '../../components/forms/Field';
import { JurisdictionRulesTable } from './JurisdictionRulesTable';
import { useJurisdictionRules } from './useComplianceData';

interface Draft {
  jurisdiction: string;
  flags: ContentFlag[];
  start: string;
  end: string;
  cap: string;
}

const draftOf = (rule: JurisdictionRule | null): Draft => ({
  jurisdiction: rule?.jurisdiction ?? '',
  flags: rule ? [...rule.forbidden_flags] : [],
  start: rule?.quiet_hours?.start ?? '',
  end: rule?.quiet_hours?.end ?? '',
  cap: rule?.daily_cap === null || rule?.daily_cap === undefined ? '' : String(rule.daily_cap),
});

/** The jurisdiction rules and quiet-hour defaults (docs/compliance.md): every operator reads them, admins edit them (audited). */
export function JurisdictionRulesSection() {
  const { rules, busy, save, remove } = useJurisdictionRules();
  const [editing, setEditing] = useState<JurisdictionRule | null>(null);
  const [draft, setDraft] = useState<Draft>(draftOf(null));
  const edit = (rule: JurisdictionRule | null) => {
    setEditing(rule);
    setDraft(draftOf(rule));
  };
  const submit = () =>
    void save(editing, {
      jurisdiction: draft.jurisdiction.trim().toUpperCase(),
      forbidden_flags: draft.flags,
      quiet_hours: draft.start && draft.end ? { start: draft.start, end: draft.end } : null,
      daily_cap: draft.cap.trim() ? Number(draft.cap) : null,
    }).then((saved) => saved && edit(null));
  return (
    <section className="form-section" aria-labelledby="jurisdictions-title">
      <h2 id="jurisdictions-title">Jurisdiction rules</h2>
      <JurisdictionRulesTable rules={rules} onEdit={edit} onRemove={(rule) => void remove(rule)} />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="form-grid">
          <Field id="rule-jurisdiction" label="Jurisdiction (GB, US-MA, CA-ON)">
            <InputText id="rule-jurisdiction" value={draft.jurisdiction} onChange={(e) => setDraft({ ...draft, jurisdiction: e.target.value })} />
          </Field>
          <Field id="rule-flags" label="Forbidden content flags">
            <MultiSelect
              inputId="rule-flags"
              options={[...CONTENT_FLAGS]}
              value={draft.flags}
              display="chip"
              onChange={(e) => setDraft({ ...draft, flags: e.value as ContentFlag[] })}
            />
          </Field>
          <Field id="rule-start" label="Quiet from (HH:MM)">
            <InputText id="rule-start" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} />
          </Field>
          <Field id="rule-end" label="Quiet until (HH:MM)">
            <InputText id="rule-end" value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.target.value })} />
          </Field>
          <Field id="rule-cap" label="Daily cap per recipient">
            <InputText id="rule-cap" inputMode="numeric" value={draft.cap} onChange={(e) => setDraft({ ...draft, cap: e.target.value.replace(/\D/g, '') })} />
          </Field>
        </div>
        <Button type="submit" label={editing ? `Save ${editing.jurisdiction}` : 'Add rule'} icon="pi pi-check" loading={busy} />
        {editing && <Button type="button" label="Cancel" text onClick={() => edit(null)} />}
      </form>
    </section>
  );
}
